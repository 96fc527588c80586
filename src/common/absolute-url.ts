/**
 * The one way to make a link absolute for what leaves the site (mails, the feed, the sitemap, robots.txt,
 * JSON-LD): a path from `paths.*` (common/paths.ts, which encodes its parts) resolved against
 * PUBLIC_BASE_URL, so no caller spells `${base}/build/${slug}` by hand.
 */

/** Keeps http(s) URLs as they are; resolves a site path ('/x') against baseUrl, keeping any sub-path of baseUrl. */
export function absoluteUrl(pathOrUrl: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

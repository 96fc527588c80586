/** Per-page <head> tags: title, description, canonical URL, Open Graph and Twitter card (absolute URLs). */
import type { MetaDescriptor } from 'react-router';

export interface SiteMeta {
  siteName: string;
  publicBaseUrl: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, e.g. '/build/slug'. */
  path: string;
  /** Absolute URL or site path of the preview image; defaults to the site's social card. */
  image?: string | null;
  type?: 'website' | 'article';
  publishedTime?: string | null;
}

export const DEFAULT_SOCIAL_IMAGE = '/og-default.png';

export function toAbsoluteUrl(pathOrUrl: string, baseUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, `${baseUrl}/`).toString();
}

export function pageMeta(site: SiteMeta, page: PageMeta): MetaDescriptor[] {
  const url = toAbsoluteUrl(page.path, site.publicBaseUrl);
  const image = toAbsoluteUrl(page.image || DEFAULT_SOCIAL_IMAGE, site.publicBaseUrl);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:locale', content: 'it_IT' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: page.title },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
  if (page.publishedTime) tags.push({ property: 'article:published_time', content: page.publishedTime });
  return tags;
}

/** The root loader's site settings, from a route's meta() arguments. */
export function siteFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SiteMeta {
  const root = matches.find((match) => match?.id === 'root')?.data as Partial<SiteMeta> | undefined;
  return { siteName: root?.siteName ?? 'Build PC', publicBaseUrl: root?.publicBaseUrl ?? '' };
}

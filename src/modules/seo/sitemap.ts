/** sitemap.xml (sitemaps.org protocol 0.9: one urlset, or an index of parts) and robots.txt. */
import { absoluteUrl } from '../../common/absolute-url';
import { escapeXml } from '../../common/markup-escape';
import { paths } from '../../common/paths';
import type { SitemapEntry } from './seo.repository';

/** W3C datetime (second precision, UTC), or null when the stored value is not a date. */
function w3cDatetime(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function urlElement(loc: string, lastmod: string | null): string {
  const date = lastmod === null ? null : w3cDatetime(lastmod);
  const lastmodTag = date ? `<lastmod>${date}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmodTag}</url>`;
}

/** A <url> of a sitemap: an absolute location and the date it last changed (any parseable date, or null). */
export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

function xmlDocument(root: string, lines: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, ...lines, `</${root}>`, ''].join('\n');
}

export function renderUrlsetXml(urls: SitemapUrl[]): string {
  return xmlDocument(
    'urlset',
    urls.map((url) => urlElement(url.loc, url.lastmod)),
  );
}

/** A sitemap index (sitemaps.org): where each part is and when it last changed. */
export function renderSitemapIndexXml(parts: SitemapUrl[]): string {
  return xmlDocument(
    'sitemapindex',
    parts.map((part) => {
      const date = part.lastmod === null ? null : w3cDatetime(part.lastmod);
      return `  <sitemap><loc>${escapeXml(part.loc)}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</sitemap>`;
    }),
  );
}

/** The URL of a build page and its lastmod. */
export function buildUrl(baseUrl: string, entry: SitemapEntry): SitemapUrl {
  return { loc: absoluteUrl(paths.build(entry.slug), baseUrl), lastmod: entry.lastmod };
}

/** The one-file sitemap: the home page, then every entry. */
export function renderSitemapXml(entries: SitemapEntry[], baseUrl: string, homeLastmod: string | null): string {
  return renderUrlsetXml([{ loc: absoluteUrl(paths.home(), baseUrl), lastmod: homeLastmod }, ...entries.map((entry) => buildUrl(baseUrl, entry))]);
}

export function renderRobotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${absoluteUrl(paths.sitemap(), baseUrl)}`, ''].join('\n');
}

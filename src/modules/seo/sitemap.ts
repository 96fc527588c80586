/** sitemap.xml (sitemaps.org protocol 0.9) and robots.txt. */
import { paths } from '../../common/paths';
import type { SitemapEntry } from './seo.repository';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

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

export function renderSitemapXml(entries: SitemapEntry[], baseUrl: string, homeLastmod: string | null): string {
  const base = baseUrl.replace(/\/+$/, '');
  const urls = [
    urlElement(`${base}${paths.home()}`, homeLastmod),
    ...entries.map((entry) => urlElement(`${base}${paths.build(entry.slug)}`, entry.lastmod)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobotsTxt(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${base}${paths.sitemap()}`, ''].join('\n');
}

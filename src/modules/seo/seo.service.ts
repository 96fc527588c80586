/**
 * /sitemap.xml and /robots.txt of the site at `publicBaseUrl` (api-contract.md, "Other routes").
 *
 * A sitemap file holds at most 50,000 URLs (sitemaps.org). Up to that, /sitemap.xml is one urlset (the
 * home page, then the public builds newest first). Past it, /sitemap.xml is a sitemap index listing
 * /sitemap-1.xml, /sitemap-2.xml, …: the home page then the public builds in id order, cut every
 * `sitemapUrlLimit` URLs, each part read with LIMIT/OFFSET so none loads the whole catalogue.
 */
import type { Kysely } from 'kysely';
import { paths } from '../../common/paths';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { listSitemapEntries, listSitemapSlice, sitemapSliceLastmods, sitemapTotals } from './seo.repository';
import { baseOf, buildUrl, renderRobotsTxt, renderSitemapIndexXml, renderSitemapXml, renderUrlsetXml } from './sitemap';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SeoDeps {
  db: Kysely<Database>;
  clock: Clock;
  publicBaseUrl: string;
  /** URLs per sitemap file (SITEMAP_URL_LIMIT); smaller in tests, to see an index with a few builds. */
  sitemapUrlLimit?: number;
}

/** The builds of part `part` (1-based): URL 0 is the home page, URL i + 1 the public build at id-order offset i. */
function sliceOf(part: number, limit: number): { offset: number; limit: number } {
  return part === 1 ? { offset: 0, limit: limit - 1 } : { offset: (part - 1) * limit - 1, limit };
}

export function createSeoService(deps: SeoDeps) {
  const urlLimit = deps.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;
  if (!Number.isInteger(urlLimit) || urlLimit < 2) throw new Error('sitemapUrlLimit: at least 2 URLs per sitemap file');
  const base = baseOf(deps.publicBaseUrl);

  /** How many parts the sitemap has: 0 when it is a single urlset. */
  function partCount(publicBuilds: number): number {
    const urls = publicBuilds + 1;
    return urls <= urlLimit ? 0 : Math.ceil(urls / urlLimit);
  }

  async function sitemapXml(): Promise<SitemapDocument> {
    const now = deps.clock.now().toISOString();
    const totals = await sitemapTotals(deps.db, now);
    const parts = partCount(totals.count);
    if (parts === 0) {
      // The home page changed when any listed build last did.
      return { xml: renderSitemapXml(await listSitemapEntries(deps.db, now), deps.publicBaseUrl, totals.lastmod), lastModified: totals.lastmod };
    }
    const numbers = Array.from({ length: parts }, (_, index) => index + 1);
    // Part 1 holds the home page, which changed when any build did.
    const lastmods = await sitemapSliceLastmods(deps.db, now, numbers.slice(1).map((part) => sliceOf(part, urlLimit)));
    const xml = renderSitemapIndexXml(numbers.map((part) => ({ loc: `${base}${paths.sitemapPart(part)}`, lastmod: part === 1 ? totals.lastmod : (lastmods[part - 2] ?? null) })));
    return { xml, lastModified: totals.lastmod };
  }

  /** Part `part` of the sitemap index, or null when there is no such part (or the sitemap is a single file). */
  async function sitemapPartXml(part: number): Promise<SitemapDocument | null> {
    if (!Number.isInteger(part) || part < 1) return null;
    const now = deps.clock.now().toISOString();
    const totals = await sitemapTotals(deps.db, now);
    if (part > partCount(totals.count)) return null;
    const slice = sliceOf(part, urlLimit);
    const builds = (await listSitemapSlice(deps.db, now, slice.offset, slice.limit)).map((entry) => buildUrl(base, entry));
    const urls = part === 1 ? [{ loc: `${base}${paths.home()}`, lastmod: totals.lastmod }, ...builds] : builds;
    return { xml: renderUrlsetXml(urls), lastModified: latestLastmod(urls.map((url) => url.lastmod)) };
  }

  function robotsTxt(): string {
    return renderRobotsTxt(deps.publicBaseUrl);
  }

  return { sitemapXml, sitemapPartXml, robotsTxt };
}

export type SeoService = ReturnType<typeof createSeoService>;

/** A sitemap file and the newest lastmod it lists (its Last-Modified), null without any. */
export interface SitemapDocument {
  xml: string;
  lastModified: string | null;
}

/** The latest of some stored times, compared as dates. */
function latestLastmod(lastmods: (string | null)[]): string | null {
  let latest: number | null = null;
  for (const lastmod of lastmods) {
    const time = lastmod === null ? Number.NaN : Date.parse(lastmod);
    if (!Number.isNaN(time) && (latest === null || time > latest)) latest = time;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

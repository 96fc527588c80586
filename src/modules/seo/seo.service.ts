/**
 * /sitemap.xml and /robots.txt of the site at `publicBaseUrl` (api-contract.md, "Other routes").
 *
 * The sitemap lists exactly the indexed pages: the home page, the first page of each category that lists
 * a public build (the home's rule, decision 038), then the public builds. A sitemap file holds at most
 * 50,000 URLs (sitemaps.org). Up to that, /sitemap.xml is one urlset (the list pages, then the builds
 * newest first). Past it, /sitemap.xml is a sitemap index listing /sitemap-1.xml, /sitemap-2.xml, …: the
 * list pages then the public builds in id order, cut every `sitemapUrlLimit` URLs, each part read with
 * LIMIT/OFFSET so none loads the whole catalogue.
 */
import type { Kysely } from 'kysely';
import { absoluteUrl } from '../../common/absolute-url';
import { canonicalHomeQuery } from '../../common/home-query';
import { paths } from '../../common/paths';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { listSitemapEntries, listSitemapSlice, sitemapCategories, sitemapSliceLastmods, sitemapTotals } from './seo.repository';
import { buildUrl, renderRobotsTxt, renderSitemapIndexXml, renderUrlsetXml, type SitemapUrl } from './sitemap';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SeoDeps {
  db: Kysely<Database>;
  clock: Clock;
  publicBaseUrl: string;
  /** URLs per sitemap file (SITEMAP_URL_LIMIT); smaller in tests, to see an index with a few builds. */
  sitemapUrlLimit?: number;
}

/** What part `part` (1-based) holds: some of the list pages (indices into them) and a slice of the builds. */
function partOf(part: number, limit: number, listPages: number) {
  const start = (part - 1) * limit;
  const end = part * limit;
  const buildsFrom = Math.max(start, listPages);
  return { lists: { from: Math.min(start, listPages), to: Math.min(end, listPages) }, builds: { offset: buildsFrom - listPages, limit: end - buildsFrom } };
}

export function createSeoService(deps: SeoDeps) {
  const urlLimit = deps.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;
  if (!Number.isInteger(urlLimit) || urlLimit < 2) throw new Error('sitemapUrlLimit: at least 2 URLs per sitemap file');
  const base = deps.publicBaseUrl;

  /** How many parts the sitemap has: 0 when it is a single urlset. */
  function partCount(urls: number): number {
    return urls <= urlLimit ? 0 : Math.ceil(urls / urlLimit);
  }

  /** The indexed list pages: the home (changed when any public build did), then each category with builds. */
  async function listPages(now: string): Promise<{ urls: SitemapUrl[]; builds: number }> {
    const [totals, categories] = await Promise.all([sitemapTotals(deps.db, now), sitemapCategories(deps.db, now)]);
    const home = { loc: absoluteUrl(paths.home(), base), lastmod: totals.lastmod };
    const categoryPages = categories.map(({ category, lastmod }) => ({ loc: absoluteUrl(`${paths.home()}${canonicalHomeQuery({ category, budget: null, page: 1 })}`, base), lastmod }));
    // The deals page (decision 046): indexed, its content changes with every refresh (no lastmod to promise).
    const deals = { loc: absoluteUrl(paths.deals(), base), lastmod: null };
    return { urls: [home, deals, ...categoryPages], builds: totals.count };
  }

  async function sitemapXml(): Promise<SitemapDocument> {
    const now = deps.clock.now().toISOString();
    const lists = await listPages(now);
    const parts = partCount(lists.urls.length + lists.builds);
    if (parts === 0) {
      const urls = [...lists.urls, ...(await listSitemapEntries(deps.db, now)).map((entry) => buildUrl(base, entry))];
      return { xml: renderUrlsetXml(urls), lastModified: latestLastmod(urls.map((url) => url.lastmod)) };
    }
    const layout = Array.from({ length: parts }, (_, index) => partOf(index + 1, urlLimit, lists.urls.length));
    const withBuilds = layout.filter((part) => part.builds.limit > 0);
    const sliceLastmods = await sitemapSliceLastmods(deps.db, now, withBuilds.map((part) => part.builds));
    const entries = layout.map((part, index) => {
      const slice = withBuilds.indexOf(part);
      const lastmod = latestLastmod([...lists.urls.slice(part.lists.from, part.lists.to).map((url) => url.lastmod), slice === -1 ? null : (sliceLastmods[slice] ?? null)]);
      return { loc: absoluteUrl(paths.sitemapPart(index + 1), base), lastmod };
    });
    return { xml: renderSitemapIndexXml(entries), lastModified: latestLastmod(entries.map((entry) => entry.lastmod)) };
  }

  /** Part `part` of the sitemap index, or null when there is no such part (or the sitemap is a single file). */
  async function sitemapPartXml(part: number): Promise<SitemapDocument | null> {
    if (!Number.isInteger(part) || part < 1) return null;
    const now = deps.clock.now().toISOString();
    const lists = await listPages(now);
    if (part > partCount(lists.urls.length + lists.builds)) return null;
    const { lists: range, builds } = partOf(part, urlLimit, lists.urls.length);
    const buildUrls = builds.limit > 0 ? (await listSitemapSlice(deps.db, now, builds.offset, builds.limit)).map((entry) => buildUrl(base, entry)) : [];
    const urls = [...lists.urls.slice(range.from, range.to), ...buildUrls];
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

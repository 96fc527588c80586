/** Typed URL builders, so paths are not spelled out across the UI, and the one reader of a build page's path. */
export const paths = {
  home: () => '/',
  builds: () => '/#builds',
  build: (slug: string) => `/build/${encodeURIComponent(slug)}`,
  /** A personalised build (common/personalization-query.ts); `query` '' is the author's build. */
  buildVariant: (slug: string, query: string) => `/build/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`,
  sitemap: () => '/sitemap.xml',
  /** The site search's page; '' (no text) is the page with only its form. */
  search: (q = '', page = 1) => `/cerca${q ? `?${new URLSearchParams({ q, ...(page > 1 ? { pagina: String(page) } : {}) }).toString()}` : ''}`,
  /** The comparison page (common/compare-query.ts); `query` as compareQuery spells it. */
  compare: (query = '') => `/confronta${query ? `?${query}` : ''}`,
  /** The deals (decision 046); `query` as common/deals-query.ts spells it ('' or '?tipo=…'). */
  deals: (query = '') => `/offerte${query}`,
  dealsFeed: () => '/offerte/feed.xml',
  /** Part `n` (1-based) of a sitemap index (modules/seo/seo.service.ts). */
  sitemapPart: (n: number) => `/sitemap-${n}.xml`,
  /** The pages an alert's mail links to (modules/alerts), and where the no-JavaScript subscribe form lands. */
  alertConfirm: (token: string) => `/avvisi/conferma/${encodeURIComponent(token)}`,
  alertUnsubscribe: (token: string) => `/avvisi/annulla/${encodeURIComponent(token)}`,
  alertSent: () => '/avvisi/inviato',
  admin: {
    home: () => '/admin',
    login: () => '/admin/login',
    logout: () => '/admin/logout',
    builds: () => '/admin/builds',
    newBuild: () => '/admin/builds/new',
    editBuild: (id: number) => `/admin/builds/edit/${id}`,
    alternatives: () => '/admin/alternatives',
    /** Resource routes of the editor's alternatives panel (fetchers only). */
    alternativesFor: (asin: string) => `/admin/alternatives-for/${encodeURIComponent(asin)}`,
    alternativeGroups: () => '/admin/alternative-groups',
    /** Resource route of the editor's history panel; `revision`: the one to compare with the latest. */
    buildHistory: (id: number, revision?: number) => `/admin/build-history/${id}${revision === undefined ? '' : `?revisione=${revision}`}`,
    /** Resource routes of the editor's retailer search and lookup (fetchers only). */
    retailerSearch: (q: string, page: number) => `/admin/retailer-search?${new URLSearchParams({ q, page: String(page) }).toString()}`,
    retailerItem: (reference: string) => `/admin/retailer-item?${new URLSearchParams({ ref: reference }).toString()}`,
    replacements: () => '/admin/replacements',
    alerts: () => '/admin/alerts',
    synonyms: () => '/admin/synonyms',
    revenue: () => '/admin/revenue',
    /** The report's import as a plain server-rendered form, for a browser without JavaScript (decision 047). */
    revenueUpload: () => '/admin/revenue/upload',
    changePassword: () => '/admin/change-password',
  },
} as const;

const BUILD_PAGE_PATH = /^\/build\/([^/]+)$/;

/**
 * The slug of a build page's path (`paths.build`), still percent-encoded; null for any other path, React
 * Router's data request of the page (`/build/{slug}.data`) included. The response cache keys build pages
 * and the visit rules recognise them with this one reading (decision 025).
 */
export function buildPageSlug(path: string): string | null {
  const slug = BUILD_PAGE_PATH.exec(path)?.[1];
  return slug === undefined || slug.endsWith('.data') ? null : slug;
}

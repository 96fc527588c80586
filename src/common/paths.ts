/** Typed URL builders, so paths are not spelled out across the UI. */
export const paths = {
  home: () => '/',
  builds: () => '/#builds',
  build: (slug: string) => `/build/${encodeURIComponent(slug)}`,
  sitemap: () => '/sitemap.xml',
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
    changePassword: () => '/admin/change-password',
  },
} as const;

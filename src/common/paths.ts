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
    replacements: () => '/admin/replacements',
    changePassword: () => '/admin/change-password',
  },
} as const;

/** Every admin API path, built in one place (relative to /api; api-contract.md). */
const id = (value: number) => String(value);

export const apiPaths = {
  auth: {
    login: () => '/auth/login',
    verify: () => '/auth/verify',
    logout: () => '/auth/logout',
    logoutAll: () => '/auth/logout-all',
    changePassword: () => '/auth/change-password',
  },
  stats: () => '/admin/stats',
  builds: () => '/admin/builds',
  build: (buildId: number) => `/admin/builds/${id(buildId)}`,
  buildPriceRefresh: (buildId: number) => `/admin/builds/${id(buildId)}/update-prices`,
  buildSmartReplacement: (buildId: number) => `/admin/builds/${id(buildId)}/smart-replacement`,
  priceStats: () => '/admin/prices/stats',
  tierPriceRefresh: (tier: 'A' | 'B') => `/admin/prices/update-tier/${tier}`,
  assignTiers: () => '/admin/components/assign-tiers',
  importCart: () => '/admin/import-amazon',
  upload: () => '/admin/upload',
  removeBackground: () => '/admin/remove-background',
  replacements: () => '/admin/replacements',
  restoreReplacement: (recordId: number) => `/admin/replacements/${id(recordId)}/restore`,
  categories: () => '/admin/alternative-categories',
  category: (categoryId: number) => `/admin/alternative-categories/${id(categoryId)}`,
  categoryAlternatives: (categoryId: number) => `/admin/alternative-categories/${id(categoryId)}/alternatives`,
  productAlternatives: () => '/admin/alternatives',
  alternativesOf: (asin: string) => `/admin/alternatives/${encodeURIComponent(asin)}`,
  alternative: (alternativeId: number) => `/admin/alternatives/${id(alternativeId)}`,
} as const;

/** The admin's only way to the API (see admin-api.ts). */
export { alertsApi, alternativesApi, analyticsApi, authApi, buildsApi, dealsApi, importerApi, mediaApi, pricingApi, replacementsApi, retailerApi, revenueApi, revisionsApi, synonymsApi } from './admin-api';
export type { AlternativeBody, BuildInputBody, BuildUpdateBody, CategoryInputBody } from './admin-api';
export { ApiError, errorDetails, errorFields, errorMessage } from './api-error';
export { type Attempt, attempt } from './attempt';
export { clearToken, getToken, setToken } from './token-storage';

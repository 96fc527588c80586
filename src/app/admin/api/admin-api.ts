/**
 * The admin API: one function per endpoint (api-contract.md). Request bodies are typed with the input of
 * the server's own zod schemas; every answer is parsed with the response schema exported by the server
 * module that owns the endpoint. Pass the loader's or action's `signal` so an abandoned navigation
 * cancels its calls.
 */
import type { z } from 'zod';
import { okResponseSchema } from '../../../common/api-responses';
import { adminAlertListSchema, alertStatsResponseSchema, eraseAlertsResponseSchema } from '../../../modules/alerts/alerts.schema';
import { analyticsOverviewSchema, buildAnalyticsSchema } from '../../../modules/analytics/analytics.schema';
import {
  alternativeListResponseSchema,
  alternativeResponseSchema,
  categoryDetailResponseSchema,
  type categoryInputSchema,
  categoryListResponseSchema,
  categoryResponseSchema,
} from '../../../modules/alternatives/alternatives.schema';
import { changePasswordResponseSchema, loginResponseSchema, verifyResponseSchema } from '../../../modules/auth/auth.schema';
import {
  adminBuildListResponseSchema,
  adminBuildResponseSchema,
  type buildInputSchema,
  buildStatsResponseSchema,
  type buildUpdateSchema,
} from '../../../modules/builds/builds.schema';
import { restoredRevisionResponseSchema, revisionListResponseSchema, revisionResponseSchema } from '../../../modules/builds/revisions.schema';
import { driftResponseSchema } from '../../../modules/drift/drift.schema';
import { importResponseSchema } from '../../../modules/importer/importer.schema';
import { mailStatsResponseSchema } from '../../../modules/mail/mail.schema';
import { dealExclusionSchema, dealStatsResponseSchema } from '../../../modules/deals/deals.schema';
import { uploadedImageSchema } from '../../../modules/media/media.schema';
import {
  assignTiersResponseSchema,
  buildPriceRefreshResponseSchema,
  priceHistoryResponseSchema,
  priceStatsResponseSchema,
  retailerStatusResponseSchema,
  tierPriceRefreshResponseSchema,
} from '../../../modules/pricing/pricing.schema';
import { retailerItemResponseSchema, retailerSearchResponseSchema } from '../../../modules/retailer-items/retailer-items.schema';
import { replacementListResponseSchema, restoreOutcomeSchema, smartReplacementOutcomeSchema } from '../../../modules/replacements/replacements.schema';
import { synonymGroupListResponseSchema, synonymGroupResponseSchema } from '../../../modules/search/synonyms.schema';
import { buildRevenueSchema, revenueImportListSchema, revenueImportResultSchema, revenueOverviewSchema } from '../../../modules/revenue/revenue.schema';
import { apiPaths } from './api-paths';
import { imageForm, requestBlob, requestJson } from './api-request';

type Signal = AbortSignal | undefined;

export type BuildInputBody = z.input<typeof buildInputSchema>;
export type BuildUpdateBody = z.input<typeof buildUpdateSchema>;
export type CategoryInputBody = z.input<typeof categoryInputSchema>;

/** The camelCase alternative body the admin sends (create, edit and priority change alike). */
export interface AlternativeBody {
  alternativeAsin: string;
  alternativeName: string;
  alternativePrice: number | null;
  priority: number;
}

export const authApi = {
  /** A wrong password is an answer here (401 thrown as ApiError), not an expired session. */
  login: (username: string, password: string, signal?: Signal) =>
    requestJson(apiPaths.auth.login(), loginResponseSchema, { method: 'POST', body: { username, password }, signal, on401: 'error' }),
  /** Checks the stored token; a 401 is thrown as an ApiError for the caller to decide (session.ts). */
  verifySession: (signal?: Signal) => requestJson(apiPaths.auth.verify(), verifyResponseSchema, { signal, on401: 'error' }),
  /** The token goes whatever the answer: a 401 here means it was already gone. */
  logout: (signal?: Signal) => requestJson(apiPaths.auth.logout(), okResponseSchema, { method: 'POST', signal, on401: 'error' }),
  logoutEverywhere: (signal?: Signal) => requestJson(apiPaths.auth.logoutAll(), okResponseSchema, { method: 'POST', signal }),
  changePassword: (currentPassword: string, newPassword: string, signal?: Signal) =>
    requestJson(apiPaths.auth.changePassword(), changePasswordResponseSchema, { method: 'POST', body: { currentPassword, newPassword }, signal }),
};

export const buildsApi = {
  stats: async (signal?: Signal) => (await requestJson(apiPaths.stats(), buildStatsResponseSchema, { signal })).stats,
  /** Published builds whose total left their budget's band (BUDGET_DRIFT_PERCENT). */
  drift: (signal?: Signal) => requestJson(apiPaths.budgetDrift(), driftResponseSchema, { signal }),
  list: async (signal?: Signal) => (await requestJson(apiPaths.builds(), adminBuildListResponseSchema, { signal })).builds,
  get: async (buildId: number, signal?: Signal) => (await requestJson(apiPaths.build(buildId), adminBuildResponseSchema, { signal })).build,
  create: async (body: BuildInputBody, signal?: Signal) =>
    (await requestJson(apiPaths.builds(), adminBuildResponseSchema, { method: 'POST', body, signal })).build,
  /** Conditional when `body.updated_at` is the version the editor read: 409 CONFLICT if the build changed since. */
  update: async (buildId: number, body: BuildUpdateBody, signal?: Signal) =>
    (await requestJson(apiPaths.build(buildId), adminBuildResponseSchema, { method: 'PUT', body, signal })).build,
  remove: (buildId: number, signal?: Signal) => requestJson(apiPaths.build(buildId), okResponseSchema, { method: 'DELETE', signal }),
};

export const pricingApi = {
  stats: (signal?: Signal) => requestJson(apiPaths.priceStats(), priceStatsResponseSchema, { signal }),
  /** Whether the price actions can reach the retailer; `missing` names the settings when not. */
  retailerStatus: (signal?: Signal) => requestJson(apiPaths.retailerStatus(), retailerStatusResponseSchema, { signal }),
  refreshTier: (tier: 'A' | 'B', signal?: Signal) => requestJson(apiPaths.tierPriceRefresh(tier), tierPriceRefreshResponseSchema, { method: 'POST', signal }),
  assignTiers: async (signal?: Signal) => (await requestJson(apiPaths.assignTiers(), assignTiersResponseSchema, { method: 'POST', signal })).assigned,
  refreshBuild: (buildId: number, signal?: Signal) =>
    requestJson(apiPaths.buildPriceRefresh(buildId), buildPriceRefreshResponseSchema, { method: 'POST', signal }),
  /** The build's price history (drafts too): per component, and the build total, over the last year. */
  buildHistory: (buildId: number, signal?: Signal) => requestJson(apiPaths.buildPriceHistory(buildId), priceHistoryResponseSchema, { signal }),
};

export const importerApi = {
  /** The components of an Amazon cart link (at most 100 distinct products), read from the retailer. */
  importCart: (cartUrl: string, signal?: Signal) => requestJson(apiPaths.importCart(), importResponseSchema, { method: 'POST', body: { cartUrl }, signal }),
};

export const retailerApi = {
  /** One page (10 results) of a product search on the retailer; 503 when the Creators API is not configured. */
  search: (q: string, page: number, signal?: Signal) => requestJson(apiPaths.retailerSearch(q, page), retailerSearchResponseSchema, { signal }),
  /** The product an ASIN or a product link names; 400 without an ASIN, 404 unknown to Amazon, 503 not configured. */
  lookup: async (reference: string, signal?: Signal) => (await requestJson(apiPaths.retailerItem(reference), retailerItemResponseSchema, { signal })).item,
};

export const replacementsApi = {
  list: async (signal?: Signal) => (await requestJson(apiPaths.replacements(), replacementListResponseSchema, { signal })).replacements,
  restore: (recordId: number, signal?: Signal) => requestJson(apiPaths.restoreReplacement(recordId), restoreOutcomeSchema, { method: 'POST', signal }),
  smartReplacement: (buildId: number, signal?: Signal) =>
    requestJson(apiPaths.buildSmartReplacement(buildId), smartReplacementOutcomeSchema, { method: 'POST', signal }),
};

export const alternativesApi = {
  listCategories: async (signal?: Signal) => (await requestJson(apiPaths.categories(), categoryListResponseSchema, { signal })).categories,
  getCategory: async (categoryId: number, signal?: Signal) => (await requestJson(apiPaths.category(categoryId), categoryDetailResponseSchema, { signal })).category,
  createCategory: async (body: CategoryInputBody, signal?: Signal) =>
    (await requestJson(apiPaths.categories(), categoryResponseSchema, { method: 'POST', body, signal })).category,
  updateCategory: async (categoryId: number, body: CategoryInputBody, signal?: Signal) =>
    (await requestJson(apiPaths.category(categoryId), categoryResponseSchema, { method: 'PUT', body, signal })).category,
  deleteCategory: (categoryId: number, signal?: Signal) => requestJson(apiPaths.category(categoryId), okResponseSchema, { method: 'DELETE', signal }),
  listCategoryMembers: async (categoryId: number, signal?: Signal) =>
    (await requestJson(apiPaths.categoryAlternatives(categoryId), alternativeListResponseSchema, { signal })).alternatives,
  addToCategory: async (categoryId: number, body: AlternativeBody, signal?: Signal) =>
    (await requestJson(apiPaths.categoryAlternatives(categoryId), alternativeResponseSchema, { method: 'POST', body, signal })).alternative,
  listForProduct: async (asin: string, signal?: Signal) =>
    (await requestJson(apiPaths.alternativesOf(asin), alternativeListResponseSchema, { signal })).alternatives,
  addForProduct: async (originalAsin: string, body: AlternativeBody, signal?: Signal) =>
    (await requestJson(apiPaths.productAlternatives(), alternativeResponseSchema, { method: 'POST', body: { originalAsin, ...body }, signal })).alternative,
  update: async (alternativeId: number, body: AlternativeBody, signal?: Signal) =>
    (await requestJson(apiPaths.alternative(alternativeId), alternativeResponseSchema, { method: 'PUT', body, signal })).alternative,
  remove: (alternativeId: number, signal?: Signal) => requestJson(apiPaths.alternative(alternativeId), okResponseSchema, { method: 'DELETE', signal }),
};

export const revisionsApi = {
  /** The build's revisions, newest first. */
  list: async (buildId: number, signal?: Signal) => (await requestJson(apiPaths.revisions(buildId), revisionListResponseSchema, { signal })).revisions,
  get: async (buildId: number, revisionId: number, signal?: Signal) => (await requestJson(apiPaths.revision(buildId, revisionId), revisionResponseSchema, { signal })).revision,
  /** Brings the revision back (recorded as a new one); answers the build as it now is. */
  restore: async (buildId: number, revisionId: number, signal?: Signal) =>
    (await requestJson(apiPaths.restoreRevision(buildId, revisionId), restoredRevisionResponseSchema, { method: 'POST', signal })).build,
};

export const analyticsApi = {
  /** Every build's views and clicks over the last `days` days, most clicked first, and the most clicked products. */
  overview: (days: number, signal?: Signal) => requestJson(apiPaths.analytics(days), analyticsOverviewSchema, { signal }),
  /** One build's views and clicks over the last `days` days: totals, each day, each component. */
  forBuild: (buildId: number, days: number, signal?: Signal) => requestJson(apiPaths.buildAnalytics(buildId, days), buildAnalyticsSchema, { signal }),
};

export const mediaApi = {
  upload: (image: Blob, filename: string, signal?: Signal) =>
    requestJson(apiPaths.upload(), uploadedImageSchema, { method: 'POST', body: imageForm(image, filename), signal }),
  /** The image without its background, as a PNG. */
  removeBackground: (image: Blob, filename: string, signal?: Signal) =>
    requestBlob(apiPaths.removeBackground(), { method: 'POST', body: imageForm(image, filename), signal }),
};

export const alertsApi = {
  /** Counts only: pending requests and active alerts per build (builds without any are absent). */
  stats: (signal?: Signal) => requestJson(apiPaths.alertStats(), alertStatsResponseSchema, { signal }),
  /** Every unexpired alert's target, state and dates by build, never an address. */
  list: (signal?: Signal) => requestJson(apiPaths.alerts(), adminAlertListSchema, { signal }),
  /** Erases every alert of one address (any case, any `+tag`); answers how many. */
  erase: async (email: string, signal?: Signal) => (await requestJson(apiPaths.eraseAlerts(email), eraseAlertsResponseSchema, { method: 'DELETE', signal })).deleted,
  /** Mails sent per Europe/Rome day over the last `days` (7 or 30), oldest first. */
  mailStats: async (days: number, signal?: Signal) => (await requestJson(apiPaths.mailStats(days), mailStatsResponseSchema, { signal })).days,
};

export const dealsApi = {
  /** The deals visitors see now and the Telegram channel's posts (decision 046). */
  stats: (signal?: Signal) => requestJson(apiPaths.dealStats(), dealStatsResponseSchema, { signal }),
  /** Whether a build keeps its parts out of the deals. */
  exclusion: async (buildId: number, signal?: Signal) => (await requestJson(apiPaths.dealExclusion(buildId), dealExclusionSchema, { signal })).excluded,
  setExclusion: async (buildId: number, excluded: boolean, signal?: Signal) =>
    (await requestJson(apiPaths.dealExclusion(buildId), dealExclusionSchema, { method: 'PUT', body: { excluded }, signal })).excluded,
};

export const synonymsApi = {
  /** The search's synonym groups, oldest first. */
  list: async (signal?: Signal) => (await requestJson(apiPaths.searchSynonyms(), synonymGroupListResponseSchema, { signal })).synonyms,
  /** `phrases`: the group as typed, separated by commas; 400 with the Italian reason when refused. */
  create: async (phrases: string, signal?: Signal) =>
    (await requestJson(apiPaths.searchSynonyms(), synonymGroupResponseSchema, { method: 'POST', body: { phrases }, signal })).synonym,
  update: async (groupId: number, phrases: string, signal?: Signal) =>
    (await requestJson(apiPaths.searchSynonym(groupId), synonymGroupResponseSchema, { method: 'PUT', body: { phrases }, signal })).synonym,
  remove: (groupId: number, signal?: Signal) => requestJson(apiPaths.searchSynonym(groupId), okResponseSchema, { method: 'DELETE', signal }),
};

export const revenueApi = {
  /** The earnings from `from` to `to` (days): totals, per build with its method, products, what no build explains, per day. */
  overview: (from: string, to: string, signal?: Signal) => requestJson(apiPaths.revenue(from, to), revenueOverviewSchema, { signal }),
  /** One build's earnings over the window, its products, its days, and whether a tracking ID of its own would help. */
  forBuild: (buildId: number, from: string, to: string, signal?: Signal) => requestJson(apiPaths.buildRevenue(buildId, from, to), buildRevenueSchema, { signal }),
  /** The period's figures as a CSV (text cells defused for spreadsheets). */
  exportCsv: (from: string, to: string, signal?: Signal) => requestBlob(apiPaths.revenueExport(from, to), { signal }),
  /** The imported reports, newest first. */
  imports: async (signal?: Signal) => (await requestJson(apiPaths.revenueImports(), revenueImportListSchema, { signal })).imports,
  /** `form`: the report as the field `file`, and `map.<field>` for the columns the author mapped. */
  importReport: (form: FormData, signal?: Signal) => requestJson(apiPaths.revenueImport(), revenueImportResultSchema, { method: 'POST', body: form, signal }),
  undoImport: (importId: number, signal?: Signal) => requestJson(apiPaths.revenueImportOf(importId), okResponseSchema, { method: 'DELETE', signal }),
};

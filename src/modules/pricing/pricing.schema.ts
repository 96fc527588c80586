/** Response shapes of the pricing endpoints (api-contract.md, "Admin: pricing and availability"). */
import { z } from 'zod';
import { jobRunStatusSchema, jobTriggerSchema } from '../jobs/jobs.schema';

export const asinResultSchema = z.object({
  asin: z.string(),
  success: z.boolean(),
  price: z.number().nullable(),
  availability: z.string().nullable(),
  status: z.enum(['updated', 'unchanged', 'unavailable', 'failed']),
  error: z.string().optional(),
});

export const refreshSummarySchema = z.object({
  total: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  unavailable: z.number(),
  failed: z.number(),
});

/** POST /api/admin/builds/{id}/update-prices. */
export const buildPriceRefreshResponseSchema = z.object({ results: z.array(asinResultSchema), summary: refreshSummarySchema });

/** POST /api/admin/prices/update-tier/{A|B}. */
export const tierPriceRefreshResponseSchema = buildPriceRefreshResponseSchema.extend({ message: z.string() });

/** POST /api/admin/components/assign-tiers. */
export const assignTiersResponseSchema = z.object({ assigned: z.number() });

export const tierStatSchema = z.object({
  tier: z.string().nullable(),
  total: z.number(),
  with_asin: z.number(),
  with_price: z.number(),
  stale: z.number(),
});

export const priceRunSchema = z.object({
  job: z.string(),
  trigger: jobTriggerSchema,
  status: jobRunStatusSchema,
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number(),
  updated: z.number(),
  unavailable: z.number(),
  failed: z.number(),
  requests: z.number(),
  error: z.string().nullable(),
});

/** GET /api/admin/prices/retailer: whether the price actions can reach the retailer, and if not why. */
export const retailerStatusResponseSchema = z.object({
  configured: z.boolean(),
  /** The missing settings, in words, when the retailer is not configured. */
  missing: z.string().nullable(),
});

/** GET /api/admin/prices/stats. */
export const priceStatsResponseSchema = z.object({
  componentStats: z.array(tierStatSchema),
  cacheStats: z.object({ total_cached: z.number(), valid_cache: z.number() }),
  retailer: retailerStatusResponseSchema.extend({
    schedulerEnabled: z.boolean(),
    refreshIntervalHours: z.record(z.string(), z.number()),
    budget: z.object({ requestsPerSecond: z.number() }).loose().nullable(),
    lastRun: priceRunSchema.nullable(),
  }),
});

export type PriceStats = z.infer<typeof priceStatsResponseSchema>;
export type RetailerStatus = z.infer<typeof retailerStatusResponseSchema>;
export type RefreshSummary = z.infer<typeof refreshSummarySchema>;
export type PriceRun = z.infer<typeof priceRunSchema>;

/** One observed price of a component: `price` euros, or null when Amazon gave none (e.g. out of stock). */
export const pricePointSchema = z.object({ at: z.string(), price: z.number().nullable() });

/** GET /api/builds/{slug}/price-history (public) and GET /api/admin/builds/{id}/price-history (drafts too). */
export const priceHistoryResponseSchema = z.object({
  components: z.array(z.object({ id: z.number(), asin: z.string().nullable(), points: z.array(pricePointSchema) })),
  total: z.array(z.object({ at: z.string(), total: z.number() })),
});

export type PriceHistory = z.infer<typeof priceHistoryResponseSchema>;

/** Response shapes of smart replacement and replacement records (api-contract.md); replacements.types.ts infers from these. */
import { z } from 'zod';
import { componentAdminSchema } from '../builds/builds.schema';

export const smartReplacementStatusSchema = z.enum(['available', 'replaced', 'unavailable', 'error']);

/** The substitute swapped in: `url` is always a product link with the affiliate tag. */
export const replacementTargetSchema = z.object({
  asin: z.string(),
  name: z.string(),
  url: z.string(),
  price: z.number().nullable(),
});

/** One component with an ASIN (components without one are not checked and not listed). */
export const smartReplacementResultSchema = z.object({
  componentId: z.number(),
  /** The ASIN the component had when checked (for 'replaced': the one swapped out). */
  asin: z.string(),
  status: smartReplacementStatusSchema,
  /** true for 'available' and 'replaced'. */
  success: z.boolean(),
  /** Euro: the current price ('available'), the substitute's ('replaced'), else the last known one. */
  price: z.number().nullable().optional(),
  /** Why it is 'unavailable' or 'error', or what was swapped in. */
  message: z.string().optional(),
  replacement: replacementTargetSchema.optional(),
});
export type SmartReplacementResult = z.infer<typeof smartReplacementResultSchema>;

export const smartReplacementSummarySchema = z.object({
  available: z.number(),
  replaced: z.number(),
  unavailable: z.number(),
  errors: z.number(),
});
export type SmartReplacementSummary = z.infer<typeof smartReplacementSummarySchema>;

/** POST /api/admin/builds/{id}/smart-replacement. */
export const smartReplacementOutcomeSchema = z.object({
  results: z.array(smartReplacementResultSchema),
  summary: smartReplacementSummarySchema,
});
export type SmartReplacementOutcome = z.infer<typeof smartReplacementOutcomeSchema>;

/** An open record; the current fields are the substitute component's. */
export const replacementRecordSchema = z.object({
  id: z.number(),
  build_id: z.number(),
  build_title: z.string(),
  /** The substitute now in the build (null when it was deleted meanwhile). */
  component_id: z.number().nullable(),
  name: z.string().nullable(),
  price: z.number().nullable(),
  asin: z.string().nullable(),
  type: z.string(),
  amazon_link: z.string().nullable(),
  original_name: z.string(),
  original_asin: z.string().nullable(),
  original_link: z.string().nullable(),
  original_price: z.number().nullable(),
  replacement_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ReplacementRecord = z.infer<typeof replacementRecordSchema>;

/** GET /api/admin/replacements. */
export const replacementListResponseSchema = z.object({ replacements: z.array(replacementRecordSchema) });

/** POST /api/admin/replacements/{id}/restore: the original component, back in its build. */
export const restoreOutcomeSchema = z.object({ ok: z.literal(true), component: componentAdminSchema });
export type RestoreOutcome = z.infer<typeof restoreOutcomeSchema>;

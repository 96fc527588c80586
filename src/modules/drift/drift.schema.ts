/** GET /api/admin/builds/drift: published builds whose total left the budget's band. */
import { z } from 'zod';

export const driftBuildSchema = z.object({
  id: z.number(),
  title: z.string(),
  budget: z.number(),
  total: z.number(),
  /** (total - budget) / budget in percent, one decimal: positive when the build now costs more. */
  drift_percent: z.number(),
  /** When a scheduled price refresh first found it drifting; null until the next refresh. */
  drifted_since: z.string().nullable(),
});

export const driftResponseSchema = z.object({
  /** BUDGET_DRIFT_PERCENT: the band, in percent of the budget. */
  threshold_percent: z.number(),
  builds: z.array(driftBuildSchema),
});

export type DriftBuild = z.infer<typeof driftBuildSchema>;
export type DriftResponse = z.infer<typeof driftResponseSchema>;

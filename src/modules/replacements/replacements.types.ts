/** API shapes of smart replacement and replacement records, inferred from replacements.schema.ts. Type-only module. */
import type { z } from 'zod';
import type * as schemas from './replacements.schema';

export type SmartReplacementResult = z.infer<typeof schemas.smartReplacementResultSchema>;
export type SmartReplacementSummary = z.infer<typeof schemas.smartReplacementSummarySchema>;
export type SmartReplacementOutcome = z.infer<typeof schemas.smartReplacementOutcomeSchema>;
export type ReplacementRecord = z.infer<typeof schemas.replacementRecordSchema>;
export type RestoreOutcome = z.infer<typeof schemas.restoreOutcomeSchema>;

/** One build handled by the scheduled follow-up; `outcome` null when skipped (lease busy). Server-only. */
export interface ScheduledReplacementRun {
  buildId: number;
  outcome: SmartReplacementOutcome | null;
  error?: string;
}

/**
 * Types of smart replacement and replacement records. The API shapes are inferred beside their schemas
 * (replacements.schema.ts) and re-exported here; the rest are server-only. Type-only module.
 */
import type { SmartReplacementOutcome } from './replacements.schema';

export type { ReplacementRecord, RestoreOutcome, SmartReplacementOutcome, SmartReplacementResult, SmartReplacementSummary } from './replacements.schema';

/** One build handled by the scheduled follow-up; `outcome` null when skipped (lease busy). Server-only. */
export interface ScheduledReplacementRun {
  buildId: number;
  outcome: SmartReplacementOutcome | null;
  error?: string;
}

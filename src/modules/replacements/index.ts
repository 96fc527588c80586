/** The replacements module's face: what other code may use of it (the rest of the folder is its own). */
export { createReplacementsService, reconcileReplacementRecords, type ReplacementsService } from './replacements.service';
export type { ReplacementRecord, RestoreOutcome, SmartReplacementSummary } from './replacements.types';

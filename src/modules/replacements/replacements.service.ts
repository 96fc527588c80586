/**
 * Smart replacement and replacement records, composed from their use cases:
 * - smart-replacement.ts: one build's run (Amazon lookups, then a swap per unavailable component) and
 *   the scheduled follow-up over published builds;
 * - choose-candidate.ts: which alternative replaces a component (price band, compatibility), pure;
 * - swap-component.ts: the swap itself, in one transaction, keeping the original in a record;
 * - replacement-records.ts: the open records, restoring an original, and the records after a revision
 *   is restored.
 */
import type { ReplacementRecord, RestoreOutcome, ScheduledReplacementRun, SmartReplacementOutcome } from './replacements.types';
import { listReplacements, restore } from './replacement-records';
import { runScheduledReplacements, runSmartReplacement, type SmartReplacementDeps } from './smart-replacement';

export { maxReplacementCents } from './choose-candidate';
export { reconcileReplacementRecords } from './replacement-records';
export { NOT_ACCESSIBLE_REASON, REPLACEMENT_REASON } from './smart-replacement';

export type ReplacementsDeps = SmartReplacementDeps;

export interface ReplacementsService {
  runSmartReplacement(buildId: number, trigger?: 'manual' | 'scheduled'): Promise<SmartReplacementOutcome | null>;
  runScheduledReplacements(unavailableAsins: string[]): Promise<ScheduledReplacementRun[]>;
  listReplacements(): Promise<{ replacements: ReplacementRecord[] }>;
  restore(replacementId: number): Promise<RestoreOutcome>;
}

export function createReplacementsService(deps: ReplacementsDeps): ReplacementsService {
  return {
    runSmartReplacement: (buildId, trigger) => runSmartReplacement(deps, buildId, trigger),
    runScheduledReplacements: (unavailableAsins) => runScheduledReplacements(deps, unavailableAsins),
    listReplacements: () => listReplacements(deps),
    restore: (replacementId) => restore(deps, replacementId),
  };
}

/** What a smart replacement run answers for each component, and the run's summary: pure, no I/O. */
import { centsToEuro } from '../../common/money';
import type { ComponentRow } from '../../db/tables';
import type { ItemLookup } from '../../integrations/amazon-creators';
import type { CandidateChoice } from './choose-candidate';
import type { ReplacementRow } from './replacements.repository';
import type { SmartReplacementResult, SmartReplacementSummary } from './replacements.types';

/** A component found unavailable, with what its substitute is chosen against. */
export interface Unavailable extends CandidateChoice {
  component: ComponentRow;
  asin: string;
  /** The open record when the component is already a substitute: the original's data lives there. */
  record: ReplacementRow | undefined;
  lastKnownCents: number | null;
  /** Why it is unavailable, as recorded with the replacement (and shown on the build page). */
  reason: string;
  /** What Amazon's answers said, when more than "unavailable" (a product refused access on two days). */
  note: string | null;
}

export function errorResult(component: ComponentRow, asin: string, message: string, priceCents: number | null = component.price_cents): SmartReplacementResult {
  return { componentId: component.id, asin, status: 'error', success: false, price: centsToEuro(priceCents), message };
}

/** Why Amazon's answer (or its absence) says nothing about availability. */
export function unknownMessage(lookup: ItemLookup | undefined): string {
  if (!lookup) return 'Nessuna risposta da Amazon per questo prodotto';
  if (lookup.status === 'not_found') return `Disponibilità non verificabile: ${lookup.message}`;
  return 'Amazon non indica la disponibilità di questo prodotto';
}

export function unavailableResult(entry: Unavailable, message: string): SmartReplacementResult {
  const text = entry.note ? `${entry.note}. ${message}` : message;
  return { componentId: entry.component.id, asin: entry.asin, status: 'unavailable', success: false, price: centsToEuro(entry.lastKnownCents), message: text };
}

export function summarize(results: SmartReplacementResult[]): SmartReplacementSummary {
  const count = (status: SmartReplacementResult['status']) => results.filter((r) => r.status === status).length;
  return { available: count('available'), replaced: count('replaced'), unavailable: count('unavailable'), errors: count('error') };
}

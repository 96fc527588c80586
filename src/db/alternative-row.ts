/** The row a new alternative is stored as, shared by the alternatives module and the demo seed. */
import type { Insertable } from 'kysely';
import type { AlternativesTable } from './tables';

export type NewAlternativeRow = Insertable<AlternativesTable>;

export interface NewAlternative {
  asin: string;
  name: string;
  priceCents: number | null;
  priority: number;
}

/** An alternative belongs either to one original product or to a category: `owner` says which. */
export function newAlternativeRow(
  alternative: NewAlternative,
  owner: Pick<NewAlternativeRow, 'original_asin' | 'category_id'>,
  timestamp: string,
): NewAlternativeRow {
  return {
    ...owner,
    alternative_asin: alternative.asin,
    alternative_name: alternative.name,
    alternative_price_cents: alternative.priceCents,
    // A price typed by the author is editorial and carries the date it was entered (affiliate-compliance.md).
    price_source: alternative.priceCents === null ? null : 'manual',
    price_updated_at: alternative.priceCents === null ? null : timestamp,
    priority: alternative.priority,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/**
 * Compatibility of stored parts (decision 023): component rows as the database keeps them, the author's
 * overrides as stored JSON text, through the shared checks. Here, beside the checks, so every module that
 * reads rows (builds, personalisation, replacements) asks the same code without asking each other.
 */
import { type AssessedComponent, assessBuild, summarizeCompatibility, type CompatibilitySummary } from './assess';
import type { CompatibilityReport } from './checks';
import { parseStoredOverrides } from './overrides';

/** The facts of a stored component the checks read (the columns of `components`, db/tables.ts). */
export interface StoredPartFacts {
  type: string;
  name: string;
  brand: string | null;
  model: string | null;
  specs: string | null;
  attribute_overrides: string | null;
}

export function assessedComponentOf(row: StoredPartFacts): AssessedComponent {
  return { type: row.type, name: row.name, brand: row.brand, model: row.model, specs: row.specs, attribute_overrides: parseStoredOverrides(row.attribute_overrides) };
}

export function compatibilityOfRows(rows: readonly StoredPartFacts[]): CompatibilityReport {
  return assessBuild(rows.map(assessedComponentOf));
}

export function publicCompatibilityOfRows(rows: readonly StoredPartFacts[]): CompatibilitySummary {
  return summarizeCompatibility(compatibilityOfRows(rows));
}

/** Compatibility of a stored build (decision 023): its component rows, with the author's stored overrides, through the shared checks. */
import { type AssessedComponent, assessBuild, summarizeCompatibility, type CompatibilitySummary } from '../../compatibility/assess';
import type { CompatibilityReport } from '../../compatibility/checks';
import { parseStoredOverrides } from '../../compatibility/overrides';
import type { ComponentRow } from '../../db/tables';

type StoredFacts = Pick<ComponentRow, 'type' | 'name' | 'brand' | 'model' | 'specs' | 'attribute_overrides'>;

export function assessedComponentOf(row: StoredFacts): AssessedComponent {
  return { type: row.type, name: row.name, brand: row.brand, model: row.model, specs: row.specs, attribute_overrides: parseStoredOverrides(row.attribute_overrides) };
}

export function compatibilityOfRows(rows: readonly StoredFacts[]): CompatibilityReport {
  return assessBuild(rows.map(assessedComponentOf));
}

export function publicCompatibilityOfRows(rows: readonly StoredFacts[]): CompatibilitySummary {
  return summarizeCompatibility(compatibilityOfRows(rows));
}

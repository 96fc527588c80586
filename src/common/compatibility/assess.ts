/**
 * A build's compatibility from its components as stored or as being edited: attributes derived from
 * each component's text, the author's overrides on top, then the checks. One function for the API, the
 * public page, the smart replacement and the editor's live checks.
 */
import { ATTRIBUTES_OF, type ComponentAttributes, type ComponentFacts, partKindOf } from './attributes';
import { checkCompatibility, type CompatibilityReport } from './checks';
import { deriveAttributes } from './extract';

export interface AssessedComponent extends ComponentFacts {
  /** What the author set by hand; wins over what is derived. */
  attribute_overrides?: ComponentAttributes;
}

/** The attributes the checks use for one component: derived, then overridden, limited to what its kind carries. */
export function resolveAttributes(component: AssessedComponent): ComponentAttributes {
  const kind = partKindOf(component.type);
  if (!kind) return {};
  const merged: ComponentAttributes = { ...deriveAttributes(component), ...component.attribute_overrides };
  const resolved: Record<string, unknown> = {};
  for (const key of ATTRIBUTES_OF[kind]) if (merged[key] !== undefined) resolved[key] = merged[key];
  return resolved;
}

export function assessBuild(components: readonly AssessedComponent[]): CompatibilityReport {
  return checkCompatibility(components.map((component) => ({ type: component.type, attributes: resolveAttributes(component) })));
}

/** The public page's summary: verified when at least one check ran and every check passed. */
export interface CompatibilitySummary extends CompatibilityReport {
  verified: boolean;
}

export function summarizeCompatibility(report: CompatibilityReport): CompatibilitySummary {
  return { ...report, verified: report.checks.length > 0 && report.checks.every((check) => check.status === 'ok') };
}

/**
 * Whether swapping one component for another makes the build worse: a check that was not an error
 * becomes one (never acceptable), or a check that was ok no longer is (acceptable only when nothing better is on offer).
 */
export function compareAfterSwap(before: CompatibilityReport, after: CompatibilityReport): 'keeps' | 'degrades' | 'breaks' {
  const statusBefore = new Map(before.checks.map((check) => [check.rule, check.status]));
  let degrades = false;
  for (const check of after.checks) {
    const previous = statusBefore.get(check.rule);
    if (check.status === 'error' && previous !== 'error') return 'breaks';
    if (previous === 'ok' && check.status !== 'ok') degrades = true;
  }
  return degrades ? 'degrades' : 'keeps';
}

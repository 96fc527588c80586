/**
 * A build's compatibility from its components as stored or as being edited: attributes derived from
 * each component's text, the author's overrides on top, then the checks. One function for the API, the
 * public page, the smart replacement and the editor's live checks.
 */
import { ATTRIBUTES_OF, type ComponentAttributes, type ComponentFacts, partKindOf } from './attributes';
import { type CompatibilityCheck, checkCompatibility, type CompatibilityReport } from './checks';
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
 * What swapping one component for another does to the build's checks:
 * - 'breaks': a check that was not an error becomes one (never acceptable);
 * - 'degrades': a check that was ok no longer is (acceptable only when nothing better is on offer);
 * - 'improves': no check gets worse in either way, and more checks are ok than before (an unknown or a
 *   warning the substitute settles);
 * - 'keeps': anything else, every ok check still ok and no new error.
 */
export type SwapEffect = 'improves' | 'keeps' | 'degrades' | 'breaks';

export function swapEffect(before: CompatibilityReport, after: CompatibilityReport): SwapEffect {
  if (brokenCheck(before, after)) return 'breaks';
  const statusBefore = statusByRule(before);
  if (after.checks.some((check) => statusBefore.get(check.rule) === 'ok' && check.status !== 'ok')) return 'degrades';
  return okCount(after) > okCount(before) ? 'improves' : 'keeps';
}

/** A possible swap and the build's report with it made. */
export interface SwapOption<T> {
  option: T;
  after: CompatibilityReport;
}

/** The swap to make and what it does, or none, with the check the first rejected option would break. */
export type SwapChoice<T> =
  | { option: T; effect: Exclude<SwapEffect, 'breaks'> }
  | { option: null; breaking: CompatibilityCheck | null };

/**
 * The swap to make among options given in priority order. Never one that breaks a check. Options that
 * lose no ok check come before those that do; within each group, the one with the most ok checks wins
 * (so a substitute that settles an unknown check beats one that merely leaves it unknown), and the
 * priority order breaks ties. When every option breaks a check, none is chosen, and the check the first
 * of them breaks says why.
 */
export function chooseSwap<T>(before: CompatibilityReport, options: readonly SwapOption<T>[]): SwapChoice<T> {
  let best: { option: T; effect: Exclude<SwapEffect, 'breaks'>; rank: [number, number] } | null = null;
  let breaking: CompatibilityCheck | null = null;
  for (const { option, after } of options) {
    const effect = swapEffect(before, after);
    if (effect === 'breaks') {
      breaking ??= brokenCheck(before, after);
      continue;
    }
    const rank: [number, number] = [effect === 'degrades' ? 0 : 1, okCount(after)];
    if (!best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] > best.rank[1])) best = { option, effect, rank };
  }
  return best ? { option: best.option, effect: best.effect } : { option: null, breaking };
}

function statusByRule(report: CompatibilityReport): Map<CompatibilityCheck['rule'], CompatibilityCheck['status']> {
  return new Map(report.checks.map((check) => [check.rule, check.status]));
}

const okCount = (report: CompatibilityReport) => report.checks.filter((check) => check.status === 'ok').length;

/** The first check that is an error after a swap and was not one before it. */
function brokenCheck(before: CompatibilityReport, after: CompatibilityReport): CompatibilityCheck | null {
  const statusBefore = statusByRule(before);
  return after.checks.find((check) => check.status === 'error' && statusBefore.get(check.rule) !== 'error') ?? null;
}

/**
 * How a personalised build's compatibility compares with the author's (decision 030): check by check, a
 * candidate may not be worse than the build it starts from.
 */
import type { CheckRule, CheckStatus, CompatibilityReport } from '../../compatibility/checks';

/**
 * Worse is higher. An unknown check ranks above ok because a check that cannot be verified any more is a
 * loss: the author's build was verified on that point, the variant would only be hoped to be. It ranks
 * below warning because a warning is a known, likely problem while an unknown one may not exist at all.
 */
export const CHECK_STATUS_RANK: Readonly<Record<CheckStatus, number>> = {
  ok: 0,
  unknown: 1,
  warning: 2,
  error: 3,
};

/**
 * A rule that does not run counts as 'unknown' (a check only runs when the build has both parts it
 * compares), on either side: a variant that loses a verified check has lost that verification.
 */
function rankOf(report: CompatibilityReport, rule: CheckRule): number {
  return CHECK_STATUS_RANK[report.checks.find((check) => check.rule === rule)?.status ?? 'unknown'];
}

/** Whether `after` is at least as good as `before` on every check that either of them runs. */
export function isNoWorse(before: CompatibilityReport, after: CompatibilityReport): boolean {
  const rules = new Set<CheckRule>([...before.checks, ...after.checks].map((check) => check.rule));
  for (const rule of rules) if (rankOf(after, rule) > rankOf(before, rule)) return false;
  return true;
}

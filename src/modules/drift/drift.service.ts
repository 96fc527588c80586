/**
 * Budget drift: a build sold as "PC da 1200 euro" that now costs 1,350 misleads the reader.
 * A published build drifts when its current total differs from its declared budget by more than
 * BUDGET_DRIFT_PERCENT of the budget, either way. Builds without a budget never drift.
 */
import { centsToEuro } from '../../common/money';
import type { DataDeps } from '../data-deps';
import type { DriftBuild, DriftResponse } from './drift.schema';
import * as repo from './drift.repository';

export interface DriftDeps extends DataDeps {
  /** BUDGET_DRIFT_PERCENT. */
  thresholdPercent: number;
}

/** Signed drift in percent of the budget, one decimal. */
export function driftPercent(budgetCents: number, totalCents: number): number {
  return Math.round(((totalCents - budgetCents) / budgetCents) * 1000) / 10;
}

/** Whether the total is outside the band; compared in integer cents, so exactly on the edge is still inside. */
export function isDrifting(budgetCents: number, totalCents: number, thresholdPercent: number): boolean {
  return Math.abs(totalCents - budgetCents) * 100 > thresholdPercent * budgetCents;
}

export function createDriftService({ db, clock, thresholdPercent }: DriftDeps) {
  async function drifting() {
    return (await repo.listPublishedBudgets(db, clock.now().toISOString())).filter((build) => isDrifting(build.budget_cents, build.total_cents, thresholdPercent));
  }

  /** GET /api/admin/builds/drift: the drifting builds, the largest drift first. */
  async function list(): Promise<DriftResponse> {
    const [builds, since] = await Promise.all([drifting(), repo.listDriftSince(db)]);
    const rows: DriftBuild[] = builds.map((build) => ({
      id: build.id,
      title: build.title,
      budget: centsToEuro(build.budget_cents)!,
      total: centsToEuro(build.total_cents)!,
      drift_percent: driftPercent(build.budget_cents, build.total_cents),
      drifted_since: since.get(build.id) ?? null,
    }));
    rows.sort((a, b) => Math.abs(b.drift_percent) - Math.abs(a.drift_percent) || a.id - b.id);
    return { threshold_percent: thresholdPercent, builds: rows };
  }

  /** After a scheduled price refresh: stamps the builds that drift from now on, forgets those back in the band. */
  async function record(): Promise<number> {
    const ids = (await drifting()).map((build) => build.id);
    await db.transaction().execute((trx) => repo.recordDrifting(trx, ids, clock.now().toISOString()));
    return ids.length;
  }

  return { list, record };
}

export type DriftService = ReturnType<typeof createDriftService>;

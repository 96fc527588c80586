/** Budget drift: the published builds' budgets and totals, and when each drifting build first drifted. */
import type { Kysely, Transaction } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface BudgetAndTotal {
  id: number;
  title: string;
  budget_cents: number;
  total_cents: number;
}

/** Public builds (as of `now`, ISO) with a budget, each with the sum of its component prices (no price counts 0). */
export async function listPublishedBudgets(db: Db, now: string): Promise<BudgetAndTotal[]> {
  const rows = await db
    .selectFrom('builds')
    .leftJoin('components', 'components.build_id', 'builds.id')
    .select((eb) => ['builds.id', 'builds.title', 'builds.budget_cents', eb.fn.coalesce(eb.fn.sum<number | string>('components.price_cents'), eb.lit(0)).as('total_cents')])
    .where(isPublicBuild(now))
    .where('builds.budget_cents', '>', 0)
    .groupBy(['builds.id', 'builds.title', 'builds.budget_cents'])
    .orderBy('builds.id')
    .execute();
  // PostgreSQL answers SUM as a string (bigint).
  return rows.map((row) => ({ id: row.id, title: row.title, budget_cents: row.budget_cents!, total_cents: Number(row.total_cents) }));
}

export async function listDriftSince(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('build_drift').select(['build_id', 'drifted_at']).execute();
  return new Map(rows.map((row) => [row.build_id, row.drifted_at]));
}

/**
 * Records `at` for the drifting builds not recorded yet and forgets the others. Idempotent, so two
 * instances finishing a refresh together agree: the first `at` stays.
 */
export async function recordDrifting(db: Db, driftingIds: readonly number[], at: string): Promise<void> {
  if (driftingIds.length > 0) {
    await db
      .insertInto('build_drift')
      .values(driftingIds.map((build_id) => ({ build_id, drifted_at: at })))
      .onConflict((oc) => oc.column('build_id').doNothing())
      .execute();
  }
  let forget = db.deleteFrom('build_drift');
  if (driftingIds.length > 0) forget = forget.where('build_id', 'not in', driftingIds);
  await forget.execute();
}

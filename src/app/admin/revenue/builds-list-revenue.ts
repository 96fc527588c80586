/**
 * The builds list's "Commissioni" column (decision 045): each build's commissions over the last 30 days with
 * their method, and the list sorted by them (?sort=commissioni, kept in the URL like the filters).
 */
import { addDays, romeDay } from '../../../common/rome-day';
import { attempt, revenueApi } from '../api';

export const REVENUE_SORT = { param: 'sort', value: 'commissioni' } as const;
export const LIST_REVENUE_DAYS = 30;

export type BuildCommissions = Readonly<Record<number, { commissions: number; method: string }>>;

/** Commissions by build id over the last 30 days; null when they could not be read (the column then shows a dash). */
export async function loadBuildCommissions(signal: AbortSignal): Promise<BuildCommissions | null> {
  const today = romeDay(new Date());
  const result = await attempt(revenueApi.overview(addDays(today, 1 - LIST_REVENUE_DAYS), today, signal));
  if (!result.ok) return null;
  return Object.fromEntries(result.data.builds.filter((build) => !build.deleted).map((build) => [build.build_id, { commissions: build.commissions, method: build.method }]));
}

/** The builds by commissions, highest first (builds without any last, in their order). */
export function sortByCommissions<T extends { id: number }>(builds: readonly T[], commissions: BuildCommissions | null): T[] {
  const of = (build: T) => commissions?.[build.id]?.commissions ?? Number.NEGATIVE_INFINITY;
  return builds
    .map((build, index) => ({ build, index }))
    .sort((a, b) => of(b.build) - of(a.build) || a.index - b.index)
    .map(({ build }) => build);
}

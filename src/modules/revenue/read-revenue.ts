/**
 * The earnings over a window of days: totals (always the report's sum), per build with its method, the top
 * products, what no build explains, and the commissions per day. Amounts in euros.
 */
import type { Kysely } from 'kysely';
import { addDays, daysEndingOn, romeDay } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import * as repo from './revenue.repository';
import { AppError } from '../../common/errors';
import { MAX_REVENUE_DAYS, type AttributionMethod, type BuildRevenue, type RevenueBuild, type RevenueOverview, type RevenueProduct, type RevenueTotal } from './revenue.schema';

const DEFAULT_DAYS = 30;
const TOP_PRODUCTS = 10;
const UNATTRIBUTED_PRODUCTS = 50;
/** Above this share of 'stimato' commissions the editor suggests a tracking ID of the build's own. */
const SUGGEST_OWN_TAG_SHARE = 0.5;

const euros = (cents: number) => Math.round(cents) / 100;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface Period {
  from: string;
  to: string;
}

export function periodOf(clock: Clock, query: { from?: string; to?: string }): Period {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : romeDay(clock.now()));
  const from = query.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (lengthOf({ from, to }) > MAX_REVENUE_DAYS) throw new AppError('VALIDATION_ERROR', `Scegli un periodo di al massimo ${MAX_REVENUE_DAYS} giorni`, { fields: { from: `Al massimo ${MAX_REVENUE_DAYS} giorni` } });
  return { from, to };
}

function lengthOf(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
}

function toTotal(figures: repo.Figures): RevenueTotal {
  return { commissions: euros(figures.fees), items_shipped: figures.items, returns: figures.returns, revenue: euros(figures.revenue) };
}

function toProduct(row: repo.ProductSum): RevenueProduct {
  return { asin: row.asin, name: row.name || row.asin, commissions: euros(row.fees), items_shipped: round(row.items, 2), returns: round(row.returns, 2), revenue: euros(row.revenue) };
}

function methodOf(exact: number, estimated: number): AttributionMethod {
  if (estimated === 0) return 'esatto';
  return exact === 0 ? 'stimato' : 'misto';
}

function buildRows(sums: repo.BuildShareSum[], titles: Map<number, { title: string; deleted: boolean }>, traffic: Map<number, { views: number; clicks: number }>): RevenueBuild[] {
  const byBuild = new Map<number, { exact: repo.Figures; estimated: repo.Figures }>();
  const zero = (): repo.Figures => ({ fees: 0, items: 0, returns: 0, revenue: 0 });
  for (const sum of sums) {
    if (sum.buildId === null) continue;
    const entry = byBuild.get(sum.buildId) ?? { exact: zero(), estimated: zero() };
    const target = sum.method === 'esatto' ? entry.exact : entry.estimated;
    target.fees += sum.fees;
    target.items += sum.items;
    target.returns += sum.returns;
    target.revenue += sum.revenue;
    byBuild.set(sum.buildId, entry);
  }
  return [...byBuild.entries()]
    .map(([buildId, { exact, estimated }]) => {
      const fees = exact.fees + estimated.fees;
      const items = exact.items + estimated.items;
      const { views = 0, clicks = 0 } = traffic.get(buildId) ?? {};
      const named = titles.get(buildId);
      return {
        build_id: buildId,
        title: named?.title ?? `Build ${buildId}`,
        deleted: named?.deleted ?? true,
        commissions: euros(fees),
        items_shipped: round(items, 2),
        returns: round(exact.returns + estimated.returns, 2),
        revenue: euros(exact.revenue + estimated.revenue),
        clicks,
        views,
        conversion: clicks > 0 ? round(items / clicks, 4) : null,
        epc: clicks > 0 ? round(fees / 100 / clicks, 4) : null,
        rpm: views > 0 ? round((fees / 100 / views) * 1000, 2) : null,
        method: methodOf(exact.fees + exact.items, estimated.fees + estimated.items),
        estimated_share: fees !== 0 ? round(estimated.fees / fees, 4) : estimated.items > 0 ? 1 : 0,
      };
    })
    .sort((a, b) => b.commissions - a.commissions || a.build_id - b.build_id);
}

function dailySeries(period: Period, rows: { day: string; fees: number }[]): { day: string; commissions: number }[] {
  const byDay = new Map(rows.map((row) => [row.day, row.fees]));
  return daysEndingOn(period.to, lengthOf(period)).map((day) => ({ day, commissions: euros(byDay.get(day) ?? 0) }));
}

export async function readOverview(db: Kysely<Database>, period: Period): Promise<RevenueOverview> {
  const length = lengthOf(period);
  const previous = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const [total, previousTotal, sums, products, unattributed, days, traffic] = await Promise.all([
    repo.sumTotal(db, period.from, period.to),
    repo.sumTotal(db, previous.from, previous.to),
    repo.sumShares(db, period.from, period.to),
    repo.sumProducts(db, period.from, period.to, TOP_PRODUCTS),
    repo.sumProducts(db, period.from, period.to, UNATTRIBUTED_PRODUCTS, null),
    repo.sumDays(db, period.from, period.to),
    repo.sumTraffic(db, period.from, period.to),
  ]);
  const ids = [...new Set(sums.map((sum) => sum.buildId).filter((id): id is number => id !== null))];
  const titles = await repo.listBuildTitles(db, ids);
  const none = sums.filter((sum) => sum.buildId === null);
  return {
    period,
    total: toTotal(total),
    previous_total: toTotal(previousTotal),
    builds: buildRows(sums, titles, traffic),
    products: products.map(toProduct),
    unattributed: {
      commissions: euros(none.reduce((sum, row) => sum + row.fees, 0)),
      items_shipped: round(none.reduce((sum, row) => sum + row.items, 0), 2),
      products: unattributed.map((row) => ({ ...toProduct(row), tracking_id: row.trackingId })),
    },
    days: dailySeries(period, days),
  };
}

export async function readBuild(db: Kysely<Database>, buildId: number, period: Period): Promise<BuildRevenue> {
  const [sums, products, days, traffic, titles] = await Promise.all([
    repo.sumShares(db, period.from, period.to, buildId),
    repo.sumProducts(db, period.from, period.to, TOP_PRODUCTS, buildId),
    repo.sumDays(db, period.from, period.to, buildId),
    repo.sumTraffic(db, period.from, period.to, buildId),
    repo.listBuildTitles(db, [buildId]),
  ]);
  const build = buildRows(sums, titles, traffic)[0] ?? null;
  return {
    period,
    build,
    products: products.map(toProduct),
    days: dailySeries(period, days),
    suggest_own_tag: build !== null && build.estimated_share > SUGGEST_OWN_TAG_SHARE,
  };
}


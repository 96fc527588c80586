/**
 * What the dashboard reads (stats, the 5 most recent builds, price statistics, the last 30 days' views and
 * clicks) and its price actions
 * (tier A/B refresh, automatic tier assignment). Each part of the page fails on its own: the others still show.
 */
import { formatQuantity } from '../../../common/format';
import type { AnalyticsOverview } from '../../../modules/analytics/analytics.schema';
import type { BuildAdminRow, BuildStats } from '../../../modules/builds';
import type { DriftResponse } from '../../../modules/drift/drift.schema';
import type { PriceStats } from '../../../modules/pricing/pricing.schema';
import type { RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { addDays, romeDay } from '../../../common/rome-day';
import { alertsApi, analyticsApi, attempt, buildsApi, errorMessage, dealsApi, pricingApi, revenueApi } from '../api';
import type { DealStatsResponse } from '../../../modules/deals/deals.schema';
import type { AlertCounts } from './alerts-card';
import { formText } from '../form-data';
import { refreshSummaryLines } from '../pricing/refresh-summary';

/** Product spec, "Business constants and limits": the dashboard lists 5 recent builds. */
export const RECENT_COUNT = 5;
/** The window of the 'Rendimento' section, in days. */
export const PERFORMANCE_DAYS = 30;
/** The window of the mails-sent-per-day list of the 'Avvisi email' card, in days (7 or 30). */
export const MAIL_DAYS = 7;

/** A part of the dashboard: its data, or the text of why it could not be loaded. */
export type Part<T> = { ok: true; data: T } | { ok: false; error: string };

export interface DashboardData {
  stats: Part<BuildStats>;
  recent: Part<BuildAdminRow[]>;
  prices: Part<PriceStats>;
  performance: Part<AnalyticsOverview>;
  drift: Part<DriftResponse>;
  alerts: Part<AlertCounts>;
  revenue: Part<RevenueOverview>;
  deals: Part<DealStatsResponse>;
}

async function part<T>(call: Promise<T>, fallback: string): Promise<Part<T>> {
  const result = await attempt(call);
  return result.ok ? result : { ok: false, error: errorMessage(result.error, fallback) };
}

export async function loadDashboard(signal: AbortSignal): Promise<DashboardData> {
  const today = romeDay(new Date());
  const [stats, recent, prices, performance, drift, alerts, revenue, deals] = await Promise.all([
    part(buildsApi.stats(signal), 'Errore nel caricamento delle statistiche'),
    part(
      buildsApi.list(signal).then((builds) => builds.slice(0, RECENT_COUNT)),
      'Errore nel caricamento delle build',
    ),
    part(pricingApi.stats(signal), 'Errore nel caricamento delle statistiche dei prezzi'),
    part(analyticsApi.overview(PERFORMANCE_DAYS, signal), 'Errore nel caricamento del rendimento'),
    part(buildsApi.drift(signal), 'Errore nel caricamento delle build fuori budget'),
    part(
      Promise.all([alertsApi.stats(signal), alertsApi.mailStats(MAIL_DAYS, signal)]).then(([alertStats, mail]) => ({ alerts: alertStats, mail })),
      'Errore nel caricamento degli avvisi email',
    ),
    part(revenueApi.overview(addDays(today, 1 - PERFORMANCE_DAYS), today, signal), 'Errore nel caricamento dei guadagni'),
    part(dealsApi.stats(signal), 'Errore nel caricamento delle offerte'),
  ]);
  return { stats, recent, prices, performance, drift, alerts, revenue, deals };
}

export const PRICE_INTENTS = ['tier-A', 'tier-B', 'assign-tiers'] as const;
export type PriceIntent = (typeof PRICE_INTENTS)[number];

function isPriceIntent(value: string): value is PriceIntent {
  return (PRICE_INTENTS as readonly string[]).includes(value);
}

export interface PriceNotice {
  tone: 'success' | 'error';
  title: string;
  lines?: string[];
}

async function refreshTier(tier: 'A' | 'B', signal: AbortSignal): Promise<PriceNotice> {
  const result = await attempt(pricingApi.refreshTier(tier, signal));
  if (!result.ok) return { tone: 'error', title: errorMessage(result.error, "Errore nell'aggiornamento dei prezzi") };
  const { summary } = result.data;
  return {
    tone: 'success',
    title: 'Aggiornamento prezzi completato!',
    lines: refreshSummaryLines(summary),
  };
}

export function tiersAssignedMessage(updated: number): string {
  return `Tier assegnati automaticamente: ${formatQuantity(updated, 'componente aggiornato', 'componenti aggiornati')}.`;
}

async function assignTiers(signal: AbortSignal): Promise<PriceNotice> {
  const result = await attempt(pricingApi.assignTiers(signal));
  if (!result.ok) return { tone: 'error', title: errorMessage(result.error, "Errore nell'assegnazione automatica dei tier") };
  return { tone: 'success', title: tiersAssignedMessage(result.data) };
}

/** The dashboard's route action: one of the price buttons, named by the form's `intent`. */
export async function priceAction(request: Request): Promise<PriceNotice> {
  const intent = formText(await request.formData(), 'intent');
  if (!isPriceIntent(intent)) return { tone: 'error', title: 'Azione non valida' };
  if (intent === 'assign-tiers') return assignTiers(request.signal);
  return refreshTier(intent === 'tier-A' ? 'A' : 'B', request.signal);
}

/** After a failed price action nothing changed on the server: the page keeps what it shows. */
export function priceActionFailed(actionResult: unknown): boolean {
  return typeof actionResult === 'object' && actionResult !== null && 'tone' in actionResult && actionResult.tone === 'error';
}

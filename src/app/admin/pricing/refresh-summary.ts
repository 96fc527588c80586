/** How a price refresh is summed up to the author: the dashboard's tier refresh and the editor's 'Aggiorna prezzi' alike. */
import { formatCount, formatQuantity } from '../../../common/format';
import type { PriceRun, RefreshSummary } from '../../../modules/pricing/pricing.schema';

export function refreshSummaryLines(summary: RefreshSummary): string[] {
  return [
    `Componenti controllati: ${formatCount(summary.total)}`,
    `Aggiornati: ${formatCount(summary.updated)}`,
    `Invariati: ${formatCount(summary.unchanged)}`,
    `Non disponibili: ${formatCount(summary.unavailable)}`,
    `Errori: ${formatCount(summary.failed)}`,
  ];
}

/** The dashboard's 'Ultimo aggiornamento' run, as the pricing stats give it. */
export type PriceRunFacts = Pick<PriceRun, 'job' | 'trigger' | 'status' | 'started_at' | 'updated' | 'failed'>;

const RUN_STATUS: Record<string, string> = { running: 'in corso', succeeded: 'completato', failed: 'non riuscito' };
const RUN_TRIGGER: Record<string, string> = { scheduled: 'automatico', manual: 'manuale' };

/** 'Fascia A', 'Fascia B', 'Build 12': what a price job refreshed, from its internal name (prices-tier-A, prices-build-12). */
export function priceJobLabel(job: string): string {
  const tier = /^prices-tier-(\w+)$/.exec(job);
  if (tier) return `Fascia ${tier[1]}`;
  const build = /^prices-build-(\d+)$/.exec(job);
  if (build) return `Build ${build[1]}`;
  return 'Aggiornamento prezzi';
}

/** '24/11/2026, 07:05 (Fascia B, automatico, completato: 3 aggiornati, 1 errore)': Italian words only, never the job's internal name. */
export function lastRunText(run: PriceRunFacts, formatWhen: (iso: string) => string): string {
  const what = [priceJobLabel(run.job), RUN_TRIGGER[run.trigger], RUN_STATUS[run.status] ?? run.status].filter(Boolean).join(', ');
  return `${formatWhen(run.started_at)} (${what}: ${formatQuantity(run.updated, 'aggiornato', 'aggiornati')}, ${formatQuantity(run.failed, 'errore', 'errori')})`;
}

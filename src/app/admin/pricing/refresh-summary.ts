/** How a price refresh is summed up to the author: the dashboard's tier refresh and the editor's 'Aggiorna prezzi' alike. */
import { formatCount } from '../../../common/format';
import type { RefreshSummary } from '../../../modules/pricing/pricing.schema';

export function refreshSummaryLines(summary: RefreshSummary): string[] {
  return [
    `Componenti controllati: ${formatCount(summary.total)}`,
    `Aggiornati: ${formatCount(summary.updated)}`,
    `Invariati: ${formatCount(summary.unchanged)}`,
    `Non disponibili: ${formatCount(summary.unavailable)}`,
    `Errori: ${formatCount(summary.failed)}`,
  ];
}

/** The words of the 'Fuori budget' card, with the shared percent format (the same as 'Tasso di clic'). */
import { formatPercent } from '../../../common/format';
import { withArticle } from '../../../common/italian-article';

/** '+12,5%' / '−11%': the sign says which way the total moved. `percent` is in percent (12.5), not a ratio. */
export function driftText(percent: number): string {
  return `${percent > 0 ? '+' : '−'}${formatPercent(Math.abs(percent) / 100)}`;
}

/** The card's intro, naming the configured threshold (BUDGET_DRIFT_PERCENT, which may have decimals). */
export function driftIntro(thresholdPercent: number): string {
  return `Build pubblicate il cui totale si discosta dal budget dichiarato di oltre ${withArticle(formatPercent(thresholdPercent / 100))}.`;
}

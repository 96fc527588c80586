/** The dashboard's line for a full cap on confirmation mails (decision 036): what, over which window, until when. */
import { formatDateTime, formatQuantity } from '../../../common/format';
import type { LimitReached } from '../../../modules/alerts/alerts.schema';

export function limitReachedText(limit: LimitReached): string {
  const who = limit.scope === 'site' ? 'sito' : formatQuantity(limit.count, 'dominio', 'domini');
  const window = limit.window === 'hour' ? 'ultima ora' : 'ultime 24 ore';
  return `Limite di email di conferma raggiunto (${who}, ${window}): nuove richieste senza email fino al ${formatDateTime(limit.until)}`;
}

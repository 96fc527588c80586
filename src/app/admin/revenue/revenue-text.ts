/** The words and figures of the "Guadagni" screen and cards (decision 045): methods, trends, the period. */
import { formatCount, formatDecimal, formatPercent, formatPrice } from '../../../common/format';
import type { AttributionMethod } from '../../../modules/revenue/revenue.schema';

export const METHOD_LABELS: Readonly<Record<AttributionMethod | 'non_attribuito', string>> = {
  esatto: 'esatto',
  stimato: 'stimato',
  misto: 'misto',
  non_attribuito: 'non attribuito',
};

export const METHOD_HINTS: Readonly<Record<AttributionMethod, string>> = {
  esatto: 'Vendite con il Tracking ID della build: misurate esattamente.',
  stimato: 'Vendite con un Tracking ID condiviso, divise tra le build che contengono il prodotto in proporzione ai clic.',
  misto: 'In parte con il Tracking ID della build (esatto), in parte stimato.',
};

export const REVENUE_TEXT = {
  loadFailed: 'Errore nel caricamento dei guadagni',
  importsFailed: 'Errore nel caricamento delle importazioni',
  importFailed: "Errore nell'importazione del report",
  undoFailed: "Errore nell'annullamento dell'importazione",
  noFile: 'Scegli il file del report (CSV o ZIP) da importare.',
  undone: 'Importazione annullata: i giorni che copriva tornano ai report importati prima.',
  suggestOwnTag: 'La maggior parte delle commissioni di questa build è solo stimata: assegnale un Tracking ID suo (campo «Tag affiliato») per misurarle esattamente.',
} as const;

/** "3,5 articoli" keeps an estimated fraction; whole numbers are plain counts. */
export function formatItems(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : formatDecimal(value, 1);
}

export function formatEuros(value: number | null): string {
  return value === null ? '—' : formatPrice(value);
}

export function formatConversion(value: number | null): string {
  return value === null ? '—' : formatPercent(value);
}

/** "+12 % rispetto ai 30 giorni precedenti", or what the trend is when there was nothing before. */
export function trendSentence(current: number, previous: number, days: number): string {
  if (previous === 0) return current === 0 ? `Nessuna commissione nemmeno nei ${days} giorni precedenti` : `Nessuna commissione nei ${days} giorni precedenti`;
  const change = (current - previous) / Math.abs(previous);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatPercent(Math.abs(change))} rispetto ai ${days} giorni precedenti`;
}

export function importedSentence(result: { already_imported: boolean; replaced_days: number; import: { rows: number; period_from: string; period_to: string } }, formatDay: (day: string) => string): string {
  if (result.already_imported) return 'Questo report era già stato importato: nessun dato è cambiato.';
  const period = `dal ${formatDay(result.import.period_from)} al ${formatDay(result.import.period_to)}`;
  const replaced = result.replaced_days > 0 ? ` Sostituisce ${formatCount(result.replaced_days)} giorni importati prima.` : '';
  return `Report importato: ${formatCount(result.import.rows)} righe ${period}.${replaced}`;
}

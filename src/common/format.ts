/** Shared Italian formatting with the spec's fallbacks: N/A for a missing price, 0 for a count, '' for a date. */

const TIME_ZONE = 'Europe/Rome';

/**
 * Formatters are built on first use, not when the module loads: in a browser, creating the first Intl
 * formatter costs tens of milliseconds of main thread (ICU set-up), so a page creates only the ones it
 * shows. (The public pages get their text formatted by the server: the `*-text.ts` files of src/app.)
 */
function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/**
 * Thousands are always grouped: Italian's default leaves four-digit numbers alone ('8640' next to
 * '12.760', '1298,30 €' next to '1.500 €'), which reads as two formats in one column.
 */
const GROUPING = { useGrouping: 'always' } as const;
const priceFormatter = lazy(() => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', ...GROUPING }));
const countFormatter = lazy(() => new Intl.NumberFormat('it-IT', GROUPING));
const percentFormatter = lazy(() => new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1, ...GROUPING }));
const dateFormatter = lazy(() => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }));
const dateTimeFormatter = lazy(
  () => new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }),
);

export function formatPrice(euro: number | null | undefined): string {
  return typeof euro === 'number' && Number.isFinite(euro) ? priceFormatter().format(euro) : 'N/A';
}

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? countFormatter().format(value) : '0';
}

/**
 * A count with its noun agreeing: '1 componente', '0 componenti', '1.234 componenti'. Italian takes the
 * singular for exactly one only; the noun may be a phrase ('componente aggiornato', 'componenti aggiornati').
 */
export function formatQuantity(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

const decimalFormatters = new Map<number, Intl.NumberFormat>();

/** A measure with a fixed number of decimals: formatDecimal(1234.5, 2) -> '1.234,50'. */
export function formatDecimal(value: number, fractionDigits: number): string {
  let formatter = decimalFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('it-IT', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, ...GROUPING });
    decimalFormatters.set(fractionDigits, formatter);
  }
  return formatter.format(value);
}

/** A ratio as a percentage: 0.125 -> '12,5%'. */
export function formatPercent(ratio: number | null | undefined): string {
  return typeof ratio === 'number' && Number.isFinite(ratio) ? percentFormatter().format(ratio) : '0%';
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 novembre 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormatter().format(date) : '';
}

/** '22/11/2026, 14:05' */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormatter().format(date) : '';
}

/**
 * The component table's availability and freshness columns: what the retailer last said about a saved
 * component, in Italian. A price older than 24 hours is stale (affiliate-compliance.md, price-freshness.ts).
 */
import { parseEuroCents } from '../../../../../common/euro-amount';
import { formatDateTime } from '../../../../../common/format';
import { isPriceStale } from '../../../../../common/price-freshness';
import type { ComponentFacts } from '../editor-reducer';

export type AvailabilityTone = 'ok' | 'warn' | 'bad' | 'unknown';

/** Amazon's availability types (integrations/amazon-creators/items.ts), as the author reads them. */
const AVAILABILITY: Record<string, { label: string; tone: AvailabilityTone }> = {
  IN_STOCK: { label: 'Disponibile', tone: 'ok' },
  IN_STOCK_SCARCE: { label: 'Ultimi pezzi', tone: 'ok' },
  LEADTIME: { label: 'Disponibile con ritardo', tone: 'warn' },
  PREORDER: { label: 'Preordine', tone: 'warn' },
  AVAILABLE_DATE: { label: 'Disponibile a breve', tone: 'warn' },
  OUT_OF_STOCK: { label: 'Non disponibile', tone: 'bad' },
  UNAVAILABLE: { label: 'Non disponibile', tone: 'bad' },
};

export interface Availability {
  label: string;
  tone: AvailabilityTone;
  /** When it was checked, for the cell's description; null when never. */
  checked: string | null;
}

/** `facts` undefined: a component not saved yet. */
export function availabilityOf(facts: ComponentFacts | undefined): Availability {
  if (!facts?.availability) return { label: 'Non verificata', tone: 'unknown', checked: null };
  const known = AVAILABILITY[facts.availability] ?? { label: 'Sconosciuta', tone: 'unknown' };
  return { ...known, checked: facts.availability_checked_at ? formatDateTime(facts.availability_checked_at) : null };
}

let relativeFormatter: Intl.RelativeTimeFormat | undefined;

/** '5 minuti fa', '3 ore fa', 'ieri', '3 giorni fa'; 'adesso' under a minute (or for a clock slightly ahead). */
export function relativeAge(ageMs: number): string {
  relativeFormatter ??= new Intl.RelativeTimeFormat('it', { numeric: 'auto' });
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'adesso';
  if (minutes < 60) return relativeFormatter.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relativeFormatter.format(-hours, 'hour');
  return relativeFormatter.format(-Math.floor(hours / 24), 'day');
}

export interface Freshness {
  text: string;
  /** Older than 24 hours: shown as a warning, the public page calls it indicative. */
  stale: boolean;
  /** The exact date, for the cell's title; null when there is none. */
  date: string | null;
}

/** The typed price as cents, or null when empty or not a number. */
function cents(price: string): number | null {
  return parseEuroCents(price);
}

/**
 * How fresh the price in the form is: the date Amazon (or the author) last set it on the server, counted
 * from `now`. A price typed since is the author's and not saved, so the server's date no longer applies.
 */
export function priceFreshness(facts: ComponentFacts | undefined, formPrice: string, now: number): Freshness {
  const typed = cents(formPrice);
  if (typed === null) return { text: 'nessun prezzo', stale: false, date: null };
  if (!facts) return { text: 'non ancora salvato', stale: false, date: null };
  if (facts.price === null || Math.round(facts.price * 100) !== typed) return { text: 'modificato, da salvare', stale: false, date: null };
  if (!facts.price_updated_at) return { text: 'mai aggiornato', stale: true, date: null };
  const updated = Date.parse(facts.price_updated_at);
  if (Number.isNaN(updated)) return { text: 'mai aggiornato', stale: true, date: null };
  return { text: `aggiornato ${relativeAge(now - updated)}`, stale: isPriceStale(facts.price_updated_at, now), date: formatDateTime(facts.price_updated_at) };
}

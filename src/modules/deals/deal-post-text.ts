/**
 * The text of a deal's post on the Telegram channel, in Italian (decision 046, affiliate-compliance.md
 * "Deals and posts outside the site"): the product, the price with its date and time, the previous 30-day
 * low and the percentage, the builds it belongs in with a link to our page (where the price is current),
 * and the affiliate disclosure. Plain text: Telegram shows the links as links.
 */
import { formatDateTime, formatPrice } from '../../common/format';
import { paths } from '../../common/paths';
import { AFFILIATE_DISCLOSURE } from '../../common/price-freshness';
import type { Deal } from './deals.schema';

/** Telegram's limit for a message's text. */
const MAX_TEXT = 4096;
/** Builds named in one post; the rest are on the deals page. */
const MAX_BUILDS = 5;

function formatDrop(percent: number): string {
  return `${percent.toLocaleString('it-IT', { maximumFractionDigits: 2 })} %`;
}

export function dealPostText(deal: Deal, publicBaseUrl: string): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const builds = deal.builds.slice(0, MAX_BUILDS).map((build) => `• ${build.title}: ${base}${paths.build(build.slug)}`);
  const more = deal.builds.length > MAX_BUILDS ? [`…e altre ${deal.builds.length - MAX_BUILDS} build: ${base}/offerte`] : [];
  const text = [
    `Offerta: ${deal.name} (${deal.type})`,
    `${formatPrice(deal.price)} su Amazon, prezzo rilevato il ${formatDateTime(deal.price_updated_at)}`,
    `−${formatDrop(deal.drop_percent)} rispetto al prezzo più basso degli ultimi 30 giorni (${formatPrice(deal.previous_low_30d)})`,
    '',
    deal.builds.length === 1 ? 'Nella build:' : 'Nelle build:',
    ...builds,
    ...more,
    '',
    'I prezzi possono variare: quello applicato è quello indicato su Amazon al momento dell’acquisto.',
    AFFILIATE_DISCLOSURE,
  ].join('\n');
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

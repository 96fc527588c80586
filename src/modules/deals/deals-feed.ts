/**
 * /offerte/feed.xml (decision 046): RSS 2.0, one item per deal and day, biggest drop first. The guid is
 * the ASIN and the Europe/Rome day the deal was found, so a reader shows a deal once, and again only on a
 * later day's new low. Text through common/markup-escape.ts like the site's feed.
 */
import { formatDateTime, formatPrice } from '../../common/format';
import { escapeXml } from '../../common/markup-escape';
import { dealAnchor, DEALS_FEED_PATH, DEALS_PATH } from '../../common/deals-query';
import { paths } from '../../common/paths';
import { AFFILIATE_DISCLOSURE, PRICE_DISCLAIMER } from '../../common/price-freshness';
import { romeDay } from '../../common/rome-day';
import type { Deal } from './deals.schema';

export interface FeedDeal extends Deal {
  /** When the deal was first found at this price. */
  found_at: string;
}

const el = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();
const percent = (value: number) => `${value.toLocaleString('it-IT', { maximumFractionDigits: 2 })} %`;

function itemXml(deal: FeedDeal, base: string): string {
  const builds = deal.builds.map((build) => `${build.title} (${base}${paths.build(build.slug)})`).join('; ');
  const description = [
    `${formatPrice(deal.price)}, prezzo rilevato su Amazon il ${formatDateTime(deal.price_updated_at)}.`,
    `Prezzo più basso dei 30 giorni precedenti: ${formatPrice(deal.previous_low_30d)} (−${percent(deal.drop_percent)}).`,
    `${deal.builds.length === 1 ? 'Nella build' : 'Nelle build'}: ${builds}.`,
    PRICE_DISCLAIMER,
    AFFILIATE_DISCLOSURE,
  ].join(' ');
  return [
    '    <item>',
    `      ${el('title', `${deal.name}: −${percent(deal.drop_percent)} a ${formatPrice(deal.price)}`)}`,
    `      ${el('link', `${base}${DEALS_PATH}#${dealAnchor(deal.asin)}`)}`,
    `      <guid isPermaLink="false">${escapeXml(`offerta-${deal.asin}-${romeDay(new Date(deal.found_at))}`)}</guid>`,
    `      ${el('pubDate', rfc822(deal.found_at))}`,
    `      ${el('category', deal.type)}`,
    `      ${el('description', description)}`,
    '    </item>',
  ].join('\n');
}

export function renderDealsFeed(deals: readonly FeedDeal[], options: { siteName: string; publicBaseUrl: string }): { xml: string; lastModified: Date | null } {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const newest = deals.reduce<number | null>((latest, deal) => Math.max(latest ?? 0, Date.parse(deal.found_at)), null);
  const lastModified = newest === null ? null : new Date(newest);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${el('title', `${options.siteName}: offerte sui componenti delle build`)}`,
    `    ${el('link', `${base}${DEALS_PATH}`)}`,
    `    <atom:link href="${escapeXml(`${base}${DEALS_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    `    ${el('description', `I componenti delle build di ${options.siteName} al prezzo più basso degli ultimi 30 giorni. ${AFFILIATE_DISCLOSURE}`)}`,
    '    <language>it-IT</language>',
    ...(lastModified === null ? [] : [`    ${el('lastBuildDate', lastModified.toUTCString())}`]),
    ...deals.map((deal) => itemXml(deal, base)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
  return { xml, lastModified };
}

/**
 * One build as an RSS item: the article as the build page shows it, for a reader away from the site.
 * The HTML of `content:encoded` opens with the cover, then the article (its links and images absolute),
 * then the components with their prices, the cart link and what affiliate-compliance.md requires beside
 * them: each price with its date, the price disclaimer, the items the cart leaves out, the disclosure.
 *
 * Every price is labelled indicative ("prezzo indicativo rilevato il …"), even one refreshed a minute
 * ago: a feed reader keeps an item for days and never asks again, so a price in it cannot stay current.
 * Amazon's product images are left out: a reader would store them, and they may be shown only for 24 hours
 * (decision 024). docs/api-feed.md.
 */
import { absoluteUrl } from '../../common/absolute-url';
import { AFFILIATE_LINK_REL, EXTERNAL_LINK_REL, isAmazonLink } from '../../common/amazon-hosts';
import { isKnownUnavailable } from '../../common/availability';
import { CART_EXCLUSION_REASONS } from '../../common/cart-exclusions';
import { categoryLabel } from '../../common/catalog';
import { formatDateTime, formatPrice } from '../../common/format';
import { html, type HtmlValue, trusted, type TrustedHtml } from '../../common/html-template';
import { paths } from '../../common/paths';
import { AFFILIATE_DISCLOSURE, PRICE_DISCLAIMER } from '../../common/price-freshness';
import type { BuildComponentPublic, BuildPublic } from '../builds';
import { absolutizeHtmlUrls, imageMediaType } from './rss-xml';

/** The site's social card, the cover of a build without one (as in the build page's JSON-LD). */
const DEFAULT_COVER = '/og-default.png';

export interface FeedItem {
  title: string;
  /** Absolute URL of the build page: the item's link and its guid. */
  link: string;
  /** ISO-8601, the publication date visitors see; null if none is stored. */
  publishedAt: string | null;
  /** ISO-8601: the latest of what the item shows that has a date (its edit, publication, each price's date). */
  changedAt: string;
  category: string;
  /** Plain text. */
  description: string;
  /** HTML for content:encoded. */
  contentHtml: string;
  cover: { url: string; type: string | null };
}

function priceNote(component: BuildComponentPublic): string {
  if (component.price === null) return 'prezzo non disponibile';
  const date = component.price_updated_at ? ` rilevato il ${formatDateTime(component.price_updated_at)}` : '';
  return `${formatPrice(component.price)} (prezzo indicativo${date})`;
}

function componentItem(component: BuildComponentPublic): TrustedHtml {
  const parts: HtmlValue[] = [html`<strong>${component.type}</strong>: ${component.name}`, priceNote(component)];
  if (isKnownUnavailable(component.availability)) parts.push('attualmente non disponibile');
  if (component.amazon_link) {
    const affiliate = isAmazonLink(component.amazon_link);
    const label = affiliate ? 'Vedi su Amazon (link affiliato)' : 'Vedi il prodotto';
    parts.push(html`<a href="${component.amazon_link}" rel="${affiliate ? AFFILIATE_LINK_REL : EXTERNAL_LINK_REL}">${label}</a>`);
  }
  return html`<li>${parts.flatMap((part, index) => (index === 0 ? [part] : [' — ', part]))}</li>`;
}

function componentsSection(build: BuildPublic, pageUrl: string): TrustedHtml | null {
  if (build.components.length === 0) return null;
  const pricesDate = build.prices_updated_at && html` (prezzi indicativi rilevati il ${formatDateTime(build.prices_updated_at)})`;
  const excluded = build.cart_url && build.cart_excluded.length > 0 && build.cart_excluded.map((item) => `${item.name} (${CART_EXCLUSION_REASONS[item.reason]})`).join(', ');
  return html`<h2>Componenti</h2>
<p><em>${AFFILIATE_DISCLOSURE}</em></p>
<ul>${build.components.map(componentItem)}</ul>
<p><strong>Totale indicativo: ${formatPrice(build.total_price)}</strong>${pricesDate}</p>${build.cart_url && html`
<p><a href="${build.cart_url}" rel="${AFFILIATE_LINK_REL}">Compra Tutto su Amazon</a></p>`}${excluded && html`
<p>Non inclusi nel carrello: ${excluded}</p>`}
<p>${PRICE_DISCLAIMER}</p>
<p>${AFFILIATE_DISCLOSURE}</p>
<p><a href="${pageUrl}">Prezzi aggiornati e disponibilità sulla pagina della build</a></p>`;
}

/** The latest of some ISO-8601 times (stored times compare as text only within one format: compared as dates). */
function latestIso(times: (string | null)[]): string {
  let latest = 0;
  for (const time of times) {
    const ms = time === null ? Number.NaN : Date.parse(time);
    if (ms > latest) latest = ms;
  }
  return new Date(latest).toISOString();
}

/** `editedAt`: the build's last edit (its updated_at, which the public build does not carry). */
export function toFeedItem(build: BuildPublic, publicBaseUrl: string, editedAt: string): FeedItem {
  const link = absoluteUrl(paths.build(build.slug), publicBaseUrl);
  const coverUrl = absoluteUrl(build.featured_image || DEFAULT_COVER, publicBaseUrl);
  // The article is markdown-it's HTML (common/markdown.ts), only its URLs made absolute.
  const contentHtml = html`<p><img src="${coverUrl}" alt="${build.title}" width="1280" height="720"></p>
${trusted(absolutizeHtmlUrls(build.content_html, link))}
${componentsSection(build, link)}`.toString();
  return {
    title: build.title,
    link,
    publishedAt: build.published_at,
    changedAt: latestIso([editedAt, build.published_at, ...build.components.map((component) => component.price_updated_at)]),
    category: categoryLabel(build.category),
    description: build.description,
    contentHtml,
    cover: { url: coverUrl, type: imageMediaType(coverUrl) },
  };
}

/**
 * The mail of an alert that fired: Italian, plain text and simple HTML, no image and
 * no tracking. Affiliate rules (docs/affiliate-compliance.md): every price carries the date it was
 * observed, the 30-day low is named as such, and the disclosure and the price disclaimer close the mail.
 */
import { formatDate, formatPrice } from '../../common/format';
import { html } from '../../common/html-template';
import { AFFILIATE_DISCLOSURE, PRICE_DISCLAIMER } from '../../common/price-freshness';

export interface AlertMailPrice {
  name: string;
  /** Euro. */
  price: number;
  /** ISO timestamp of the observation. */
  priceUpdatedAt: string | null;
  /** Euro; null where the history does not know it. */
  lowest30d: number | null;
}

export interface AlertMailFacts {
  siteName: string;
  buildTitle: string;
  buildUrl: string;
  /** The build's public total, in euro, as its page shows it. */
  total: number;
  /** The visitor's target in cents (a price alert). */
  maxTotalCents: number | null;
  /** The part back in stock (a stock alert); null for a price alert. */
  componentName: string | null;
  /** The prices this refresh observed, each with its date. */
  prices: AlertMailPrice[];
  cartUrl: string | null;
  unsubscribeUrl: string;
}


export const ALERT_ENDED_NOTE = "L'avviso ora è concluso: non riceverai altre email e abbiamo cancellato il tuo indirizzo. Puoi crearne uno nuovo dalla pagina della build.";

function reason(facts: AlertMailFacts): string {
  if (facts.componentName !== null) return `Ricevi questa email perché hai chiesto di essere avvisato quando "${facts.componentName}" di "${facts.buildTitle}" sarebbe tornato disponibile.`;
  const target = facts.maxTotalCents === null ? '' : ` a ${formatPrice(facts.maxTotalCents / 100)} o meno`;
  return `Ricevi questa email perché hai chiesto di essere avvisato quando il totale di "${facts.buildTitle}" sarebbe sceso${target}.`;
}

function headline(facts: AlertMailFacts): string {
  return facts.componentName !== null
    ? `"${facts.componentName}" è di nuovo disponibile su Amazon.`
    : `Il totale di "${facts.buildTitle}" è sceso a ${formatPrice(facts.total)}.`;
}

function priceLine(price: AlertMailPrice): { main: string; low: string | null } {
  const date = price.priceUpdatedAt ? ` (prezzo rilevato il ${formatDate(price.priceUpdatedAt)})` : '';
  const low = price.lowest30d === null ? null : `Prezzo più basso negli ultimi 30 giorni: ${formatPrice(price.lowest30d)}`;
  return { main: `${price.name}: ${formatPrice(price.price)}${date}`, low };
}

export function alertMail(facts: AlertMailFacts): { subject: string; text: string; html: string } {
  const subject =
    facts.componentName !== null
      ? `Di nuovo disponibile: ${facts.componentName}`
      : `${facts.buildTitle}: ora a ${formatPrice(facts.total)}`;
  const lines = facts.prices.map(priceLine);
  const text = [
    'Ciao,',
    '',
    headline(facts),
    '',
    `${facts.buildTitle}: ${facts.buildUrl}`,
    `Totale attuale: ${formatPrice(facts.total)}`,
    ...(lines.length > 0 ? ['', 'Prezzi aggiornati:', ...lines.flatMap((l) => [`- ${l.main}`, ...(l.low ? [`  ${l.low}`] : [])])] : []),
    ...(facts.cartUrl ? ['', `Compra Tutto su Amazon: ${facts.cartUrl}`] : []),
    '',
    PRICE_DISCLAIMER,
    AFFILIATE_DISCLOSURE,
    '',
    reason(facts),
    ALERT_ENDED_NOTE,
    `Se hai già cambiato idea: ${facts.unsubscribeUrl}`,
    '',
    facts.siteName,
  ].join('\n');
  const link = (href: string, label: string) => html`<a href="${href}">${label}</a>`;
  const priceList = lines.length > 0 && html`
<p>Prezzi aggiornati:</p><ul>${lines.map((l) => html`
<li>${l.main}${l.low && html`<br><small>${l.low}</small>`}</li>`)}
</ul>`;
  const page = html`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${subject}</title></head><body>
<p>Ciao,</p>
<p>${headline(facts)}</p>
<p>${link(facts.buildUrl, facts.buildTitle)}<br>Totale attuale: <strong>${formatPrice(facts.total)}</strong></p>${priceList}${facts.cartUrl && html`
<p>${link(facts.cartUrl, 'Compra Tutto su Amazon')}</p>`}
<p><small>${PRICE_DISCLAIMER}<br>${AFFILIATE_DISCLOSURE}</small></p>
<p><small>${reason(facts)} ${ALERT_ENDED_NOTE} ${link(facts.unsubscribeUrl, 'Annulla')}</small></p>
<p>${facts.siteName}</p>
</body></html>`;
  return { subject, text, html: page.toString() };
}

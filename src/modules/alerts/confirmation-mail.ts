/**
 * The double opt-in mail (first version): it only asks to confirm. Plain text and simple HTML, Italian,
 * no image and no tracking. The privacy note says what is kept, why, for how long and how to stop.
 */
import { formatPrice } from '../../common/format';
import { html } from '../../common/html-template';
import { PRIVACY_NOTE } from './alerts.schema';

export interface ConfirmationMailFacts {
  siteName: string;
  buildTitle: string;
  /** Null for a stock alert. */
  maxTotalCents: number | null;
  /** Set for a stock alert. */
  componentName: string | null;
  confirmUrl: string;
  unsubscribeUrl: string;
}

function what(facts: ConfirmationMailFacts): string {
  if (facts.componentName !== null) return `quando "${facts.componentName}" di "${facts.buildTitle}" torna disponibile`;
  const limit = facts.maxTotalCents === null ? 'scende' : `scende a ${formatPrice(facts.maxTotalCents / 100)} o meno`;
  return `quando il totale di "${facts.buildTitle}" ${limit}`;
}


export function confirmationMail(facts: ConfirmationMailFacts): { subject: string; text: string; html: string } {
  const subject = `Conferma il tuo avviso su ${facts.siteName}`;
  const request = `Hai chiesto di essere avvisato ${what(facts)}.`;
  const text = [
    'Ciao,',
    '',
    request,
    "Per attivare l'avviso apri questo link e premi «Conferma»:",
    facts.confirmUrl,
    '',
    "Se non l'hai chiesto tu, ignora questa email: senza conferma non ti scriveremo più.",
    '',
    PRIVACY_NOTE,
    `Annulla subito: ${facts.unsubscribeUrl}`,
    '',
    facts.siteName,
  ].join('\n');
  const page = html`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${subject}</title></head><body>
<p>Ciao,</p>
<p>${request}</p>
<p><a href="${facts.confirmUrl}">Conferma l'avviso</a></p>
<p>Se non l'hai chiesto tu, ignora questa email: senza conferma non ti scriveremo più.</p>
<p><small>${PRIVACY_NOTE} <a href="${facts.unsubscribeUrl}">Annulla subito</a>.</small></p>
<p>${facts.siteName}</p>
</body></html>`;
  return { subject, text, html: page.toString() };
}

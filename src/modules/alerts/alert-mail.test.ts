import { describe, expect, it } from 'vitest';
import { alertMail } from './alert-mail';
import { confirmationMail } from './confirmation-mail';

/** Every character HTML cares about, and a control character (dropped). */
const HOSTILE = `A<b>&"'\u0001 é`;
const ESCAPED = 'A&lt;b&gt;&amp;&quot;&#39; é';
const NBSP = '\u00a0';

// The HTML as the string-built mails wrote it before html`` (common/html-template.ts): the same bytes.
describe('the alert mails HTML', () => {
  it('the confirmation mail escapes every fact, links included', () => {
    const { html } = confirmationMail({ siteName: HOSTILE, buildTitle: HOSTILE, maxTotalCents: null, componentName: null, confirmUrl: 'https://x/a?b=1&c="2"', unsubscribeUrl: 'https://x/u<' });
    expect(html).toBe(
      [
        `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Conferma il tuo avviso su ${ESCAPED}</title></head><body>`,
        '<p>Ciao,</p>',
        `<p>Hai chiesto di essere avvisato quando il totale di &quot;${ESCAPED}&quot; scende.</p>`,
        `<p><a href="https://x/a?b=1&amp;c=&quot;2&quot;">Conferma l'avviso</a></p>`,
        "<p>Se non l'hai chiesto tu, ignora questa email: senza conferma non ti scriveremo più.</p>",
        '<p><small>Conserviamo solo il tuo indirizzo email, la build e il prezzo scelto, per mandarti questo avviso e nient&#39;altro. Se non confermi entro 48 ore cancelliamo tutto; un avviso confermato dura al massimo 180 giorni e finisce quando scatta. Puoi annullarlo in ogni momento dal link in fondo a ogni email. <a href="https://x/u&lt;">Annulla subito</a>.</small></p>',
        `<p>${ESCAPED}</p>`,
        '</body></html>',
      ].join('\n'),
    );
  });

  it('the mail of a fired alert escapes every fact, the prices and links included', () => {
    const { html } = alertMail({
      siteName: HOSTILE,
      buildTitle: HOSTILE,
      buildUrl: 'https://x/build/a&b',
      total: 999.99,
      maxTotalCents: null,
      componentName: null,
      prices: [
        { name: HOSTILE, price: 12.5, priceUpdatedAt: '2026-01-02T03:04:05Z', lowest30d: 10 },
        { name: 'x', price: 1, priceUpdatedAt: null, lowest30d: null },
      ],
      cartUrl: 'https://amazon.it/?a=1&b=2',
      unsubscribeUrl: 'https://x/u"',
    });
    expect(html).toBe(
      [
        `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${ESCAPED}: ora a 999,99${NBSP}€</title></head><body>`,
        '<p>Ciao,</p>',
        `<p>Il totale di &quot;${ESCAPED}&quot; è sceso a 999,99${NBSP}€.</p>`,
        `<p><a href="https://x/build/a&amp;b">${ESCAPED}</a><br>Totale attuale: <strong>999,99${NBSP}€</strong></p>`,
        '<p>Prezzi aggiornati:</p><ul>',
        `<li>${ESCAPED}: 12,50${NBSP}€ (prezzo rilevato il 2 gennaio 2026)<br><small>Prezzo più basso negli ultimi 30 giorni: 10,00${NBSP}€</small></li>`,
        `<li>x: 1,00${NBSP}€</li>`,
        '</ul>',
        '<p><a href="https://amazon.it/?a=1&amp;b=2">Compra Tutto su Amazon</a></p>',
        "<p><small>I prezzi e la disponibilità possono variare. Il prezzo applicato è quello indicato su Amazon al momento dell&#39;acquisto.<br>In qualità di Affiliato Amazon io ricevo un guadagno dagli acquisti idonei.</small></p>",
        `<p><small>Ricevi questa email perché hai chiesto di essere avvisato quando il totale di &quot;${ESCAPED}&quot; sarebbe sceso. L&#39;avviso ora è concluso: non riceverai altre email e abbiamo cancellato il tuo indirizzo. Puoi crearne uno nuovo dalla pagina della build. <a href="https://x/u&quot;">Annulla</a></small></p>`,
        `<p>${ESCAPED}</p>`,
        '</body></html>',
      ].join('\n'),
    );
  });
});

/**
 * "Avvisami": plain POST forms to /api/alerts, rendered on the server, no script (decision 017).
 * Without JavaScript the post lands on /avvisi/inviato ("Controlla la tua email"). Rendered only when mail
 * is configured (the build page's loader decides), so nothing here appears and then disappears.
 */
import { PRIVACY_NOTE } from '../../../modules/alerts/alerts.schema';
import { EURO_AMOUNT_HINT, EURO_AMOUNT_PATTERN } from '../../../common/euro-amount';
import { formatPrice } from '../../../common/format';

export const ALERT_FORM_TEXT = {
  priceHeading: 'Avvisami quando scende',
  priceIntro: 'Ti scriviamo una sola volta, quando il totale della build scende al prezzo che scegli.',
  emailLabel: 'La tua email',
  targetLabel: 'Avvisami sotto (€)',
  /** Next to the target: the alert must be under this total (the server refuses a target at or above it). */
  todayTotal: (total: string) => `Totale di oggi: ${total}`,
  priceSubmit: 'Avvisami',
  stockSummary: 'Avvisami quando torna disponibile',
  stockSubmit: 'Avvisami',
} as const;

export const ALERT_FORM_ACTION = '/api/alerts';

/** The target prefilled in the form: 5 % under today's total, rounded down to the euro; empty without a total. */
export function suggestedTarget(totalEuro: number): string {
  if (!Number.isFinite(totalEuro) || totalEuro < 2) return '';
  // Digits only: the plainest spelling every reader of euro amounts (euro-amount.ts) takes the same way.
  return String(Math.floor(totalEuro * 0.95));
}

const INPUT = 'mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900';
const BUTTON =
  'rounded-lg bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

/**
 * The honeypot: a field people never see nor reach (off-screen, out of the accessibility tree and the tab
 * order, no autofill), which bots that fill every field fill. Off-screen rather than display:none, which
 * some bots skip.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden" data-testid="alert-honeypot">
      <label>
        Sito web (lascia vuoto)
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function EmailField({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="flex flex-col text-sm font-medium">
      {ALERT_FORM_TEXT.emailLabel}
      <input id={id} name="email" type="email" required autoComplete="email" inputMode="email" maxLength={254} className={`${INPUT} w-64`} />
    </label>
  );
}

export function PriceAlertSection({ buildSlug, totalEuro }: { buildSlug: string; totalEuro: number }) {
  return (
    <section id="avvisami" aria-labelledby="price-alert-heading" className="relative mt-8 scroll-mt-20 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800" data-testid="price-alert">
      <h2 id="price-alert-heading" className="text-2xl font-extrabold">
        {ALERT_FORM_TEXT.priceHeading}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{ALERT_FORM_TEXT.priceIntro}</p>
      <form method="post" action={ALERT_FORM_ACTION} className="mt-4 flex flex-wrap items-end gap-3" data-testid="price-alert-form">
        <input type="hidden" name="build" value={buildSlug} />
        <EmailField id="price-alert-email" />
        <label htmlFor="price-alert-target" className="flex flex-col text-sm font-medium">
          {ALERT_FORM_TEXT.targetLabel}
          <input
            id="price-alert-target"
            name="max_total"
            type="text"
            inputMode="decimal"
            defaultValue={suggestedTarget(totalEuro)}
            pattern={EURO_AMOUNT_PATTERN}
            title={EURO_AMOUNT_HINT}
            aria-describedby="price-alert-today"
            className={`${INPUT} w-40`}
          />
          <span id="price-alert-today" className="mt-1 text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="price-alert-today">
            {ALERT_FORM_TEXT.todayTotal(formatPrice(totalEuro))}
          </span>
        </label>
        <HoneypotField />
        <button type="submit" className={BUTTON}>
          {ALERT_FORM_TEXT.priceSubmit}
        </button>
      </form>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="alert-privacy-note">
        {PRIVACY_NOTE}
      </p>
    </section>
  );
}

/**
 * On a part shown as unavailable: a small form in a <details>, closed by default, so the row keeps its
 * height until the visitor opens it (nothing moves by itself).
 */
export function StockAlertForm({ buildSlug, componentId }: { buildSlug: string; componentId: number }) {
  const emailId = `stock-alert-email-${componentId}`;
  return (
    <details className="relative mt-2 text-sm" data-testid="stock-alert">
      <summary className="cursor-pointer font-semibold text-violet-700 dark:text-violet-300">{ALERT_FORM_TEXT.stockSummary}</summary>
      <form method="post" action={ALERT_FORM_ACTION} className="mt-2 flex flex-wrap items-end gap-2" data-testid="stock-alert-form">
        <input type="hidden" name="build" value={buildSlug} />
        <input type="hidden" name="component_id" value={componentId} />
        <EmailField id={emailId} />
        <HoneypotField />
        <button type="submit" className={BUTTON}>
          {ALERT_FORM_TEXT.stockSubmit}
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{PRIVACY_NOTE}</p>
    </details>
  );
}

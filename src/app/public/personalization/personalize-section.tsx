/**
 * "Personalizza" (decision 030): the visitor fits the author's build to a budget and to the parts they own,
 * within the alternatives the author approved. Plain links and one GET form, rendered on the server: no
 * script, and nothing here changes size after the page is drawn.
 */
import { formatCount } from '../../../common/format';
import { isPriceStale } from '../../../common/price-freshness';
import { MAX_PERSONAL_BUDGET_EURO, MIN_PERSONAL_BUDGET_EURO } from '../../../common/personalization-query';
import { PERSONALIZE_ANCHORS, type PersonalizeOption, type PersonalizePageData, type PersonalizeRow, type VariantNotice } from './personalization-text';
import { EURO_AMOUNT_PATTERN } from '../../../common/euro-amount';

export const PERSONALIZE_TEXT = {
  heading: 'Personalizza',
  intro: "Adatta la build al tuo budget e ai componenti che hai già, scegliendo tra le alternative approvate dall'autore.",
  budgetLabel: 'Il tuo budget (€)',
  budgetSubmit: 'Adatta al budget',
  variantHeading: 'Configurazione personalizzata',
  authorLink: "Torna alla configurazione dell'autore",
  owned: 'Già in tuo possesso',
  jumpLink: 'Personalizza questa build',
  summaryTotal: 'Totale della tua configurazione:',
  summaryLink: 'Vedi il riepilogo delle modifiche',
  editLink: 'Modifica in Personalizza',
} as const;

const LINK = 'font-semibold text-violet-700 underline decoration-violet-300 underline-offset-2 hover:decoration-violet-700 dark:text-violet-300';

function OptionItem({ option, now }: { option: PersonalizeOption; now: number }) {
  const stale = option.price_updated_at === null || isPriceStale(option.price_updated_at, now);
  const label = (
    <>
      {option.name} — {option.priceText} <span className="text-slate-600 dark:text-slate-400">({option.differenceText})</span>
    </>
  );
  return (
    <li data-testid="personalize-option" data-asin={option.asin}>
      {option.current ? (
        <span aria-current="true" className="font-semibold">
          {label} <span className="text-emerald-700 dark:text-emerald-300">· scelta attuale</span>
        </span>
      ) : (
        <a href={option.href} rel="nofollow" className={LINK}>
          {label}
        </a>
      )}
      {stale && option.priceUpdatedText && <span className="block text-xs text-amber-700 dark:text-amber-300">prezzo indicativo rilevato il {option.priceUpdatedText}</span>}
    </li>
  );
}

function RowItem({ row, now }: { row: PersonalizeRow; now: number }) {
  return (
    <li id={row.anchor} className="scroll-mt-20 py-3" data-testid="personalize-row" data-component-id={row.id}>
      <p>
        <span className="text-sm font-bold text-slate-600 dark:text-slate-400" data-testid="personalize-type">
          {row.type}
        </span>{' '}
        <span className="font-semibold">{row.name}</span>
        {row.owned && <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">{PERSONALIZE_TEXT.owned}</span>}
      </p>
      {row.options.length > 0 && !row.owned && (
        <ul className="mt-1 space-y-1 pl-4 text-sm" aria-label={`Alternative per ${row.type}`}>
          {row.options.map((option) => (
            <OptionItem key={option.asin} option={option} now={now} />
          ))}
        </ul>
      )}
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 pl-4 text-sm">
        {row.authorLink && (
          <a href={row.authorLink.href} rel="nofollow" className={LINK}>
            {row.authorLink.text}
          </a>
        )}
        <a href={row.ownLink.href} rel="nofollow" className={LINK} data-testid="own-link">
          {row.ownLink.text}
        </a>
      </p>
    </li>
  );
}

export function PersonalizeSection({ data, now }: { data: PersonalizePageData; now: number }) {
  if (data.rows.length === 0) return null;
  const { budgetForm } = data;
  // Not `below-fold` (content-visibility: auto): its height varies with the alternatives far more than a
  // placeholder can guess, and the sections after it would be placed by that guess.
  return (
    <section id={PERSONALIZE_ANCHORS.section} aria-labelledby="personalize-heading" className="mt-8 scroll-mt-20 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800" data-testid="personalize">
      <h2 id="personalize-heading" className="text-2xl font-extrabold">
        {PERSONALIZE_TEXT.heading}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{PERSONALIZE_TEXT.intro}</p>
      {data.summaryLink && (
        <p className="mt-2 font-medium" data-testid="personalize-summary-link">
          {PERSONALIZE_TEXT.summaryTotal} {data.summaryLink.totalText} ·{' '}
          <a href={data.summaryLink.href} className={LINK}>
            {PERSONALIZE_TEXT.summaryLink}
          </a>
        </p>
      )}
      <form method="get" action={budgetForm.action} className="mt-4 flex flex-wrap items-end gap-3" data-testid="budget-form">
        {budgetForm.hidden.map((field) => (
          <input key={`${field.name}=${field.value}`} type="hidden" name={field.name} value={field.value} />
        ))}
        <label className="flex flex-col text-sm font-medium">
          {PERSONALIZE_TEXT.budgetLabel}
          <input
            name="budget"
            type="text"
            inputMode="decimal"
            required
            defaultValue={budgetForm.value}
            pattern={EURO_AMOUNT_PATTERN}
            title={`Un importo in euro tra ${MIN_PERSONAL_BUDGET_EURO} e ${formatCount(MAX_PERSONAL_BUDGET_EURO)}`}
            className="mt-1 w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <button type="submit" className="rounded-lg bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600">
          {PERSONALIZE_TEXT.budgetSubmit}
        </button>
      </form>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {data.rows.map((row) => (
          <RowItem key={row.id} row={row} now={now} />
        ))}
      </ul>
    </section>
  );
}

/** At the top of a personalised page: what changed from the author's build, and the way back to it. */
export function VariantNoticeBox({ notice }: { notice: VariantNotice }) {
  return (
    <section
      id={PERSONALIZE_ANCHORS.summary}
      aria-labelledby="variant-heading"
      className="mt-6 scroll-mt-20 rounded-2xl border border-violet-300 bg-violet-50 p-4 text-sm dark:border-violet-700 dark:bg-violet-950/40" data-testid="variant-notice">
      <h2 id="variant-heading" className="text-lg font-bold">
        {PERSONALIZE_TEXT.variantHeading}
      </h2>
      {notice.changes.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="variant-changes">
          {notice.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
      {notice.budget && (
        <p className={`mt-2 font-medium ${notice.budget.met ? 'text-emerald-800 dark:text-emerald-200' : 'text-amber-800 dark:text-amber-200'}`} data-testid="variant-budget">
          {notice.budget.text}
        </p>
      )}
      {notice.ignoredText && (
        <p className="mt-2 text-amber-800 dark:text-amber-200" role="note" data-testid="variant-ignored">
          {notice.ignoredText}
        </p>
      )}
      <p className="mt-2 text-slate-700 dark:text-slate-300">Totale della configurazione dell'autore: {notice.baseTotalText}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a href={`#${PERSONALIZE_ANCHORS.section}`} className={LINK}>
          {PERSONALIZE_TEXT.editLink}
        </a>
        <a href={notice.authorHref} className={LINK}>
          {PERSONALIZE_TEXT.authorLink}
        </a>
      </p>
    </section>
  );
}

/** Near the top of the build page: the way down to "Personalizza", far below on a phone. Absent without it. */
export function PersonalizeJumpLink({ data }: { data: PersonalizePageData }) {
  if (data.rows.length === 0) return null;
  return (
    <p className="mt-4">
      <a href={`#${PERSONALIZE_ANCHORS.section}`} className={LINK} data-testid="personalize-jump">
        {PERSONALIZE_TEXT.jumpLink}
      </a>
    </p>
  );
}

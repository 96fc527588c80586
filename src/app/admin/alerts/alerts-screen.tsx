/**
 * /admin/alerts: the visitors' alerts by build, each with its target beside today's total (a target typed
 * wrong stands out), its state and dates; never an address. A line says when alerts cannot fire (no
 * retailer, no mail), and a form erases every alert of one address on its owner's request.
 */
import { type FormEvent, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { formatDateTime, formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { AdminAlertList } from '../../../modules/alerts/alerts.schema';
import { buttonClass, cardClass, inputClass, Notice } from '../ui';
import type { AlertsData, EraseOutcome, eraseAction } from './alerts-data';
import { ALERTS_TEXT, alertKindText, alertStatusText, implausibleTargetText, targetText } from './alerts-text';

/** A standing fact about the site's setup, not an event: no live region. */
const WARNING_CLASS = 'rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

function BuildAlerts({ build }: { build: AdminAlertList['builds'][number] }) {
  return (
    <section className={cardClass} aria-label={build.title} data-testid="alerts-build">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to={paths.admin.editBuild(build.build_id)} className="text-violet-800 hover:underline dark:text-violet-300">
            {build.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="alerts-build-total">
          Totale di oggi: <strong>{build.total === null ? '—' : formatPrice(build.total)}</strong>
        </p>
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-slate-700 dark:text-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">Tipo</th>
              <th scope="col" className="py-1 pr-3 font-semibold">Obiettivo</th>
              <th scope="col" className="py-1 pr-3 font-semibold">Stato</th>
              <th scope="col" className="py-1 pr-3 font-semibold">Creato</th>
              <th scope="col" className="py-1 font-semibold">Scade</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {build.alerts.map((alert) => {
              const warning = alert.kind === 'price' ? implausibleTargetText(alert.target, build.total) : null;
              return (
                <tr key={alert.id} data-testid="alert-row" data-status={alert.status}>
                  <td className="py-2 pr-3">{alertKindText(alert)}</td>
                  <td className="py-2 pr-3" data-testid="alert-target">
                    <span className="font-semibold">{targetText(alert.target)}</span>
                    {warning && (
                      <span className="block text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="alert-target-warning">
                        {warning}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3">{alertStatusText(alert.status)}</td>
                  <td className="py-2 pr-3">
                    <time dateTime={alert.created_at}>{formatDateTime(alert.created_at)}</time>
                  </td>
                  <td className="py-2">
                    <time dateTime={alert.expires_at}>{formatDateTime(alert.expires_at)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function EraseForm() {
  const fetcher = useFetcher<typeof eraseAction>();
  const [dismissed, setDismissed] = useState<EraseOutcome | null>(null);
  const busy = fetcher.state !== 'idle';
  const outcome = fetcher.state === 'idle' ? (fetcher.data ?? null) : null;
  const notice = outcome !== dismissed ? outcome : null;

  function confirmErase(event: FormEvent<HTMLFormElement>) {
    if (!window.confirm(ALERTS_TEXT.eraseConfirm)) event.preventDefault();
  }

  return (
    <section className={cardClass} aria-labelledby="erase-heading" data-testid="alerts-erase">
      <h2 id="erase-heading" className="text-lg font-semibold">
        {ALERTS_TEXT.eraseHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{ALERTS_TEXT.eraseIntro}</p>
      <fetcher.Form method="post" onSubmit={confirmErase} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col text-sm font-medium">
          {ALERTS_TEXT.eraseLabel}
          <input name="email" type="email" required autoComplete="off" maxLength={254} className={`${inputClass} mt-1`} />
        </label>
        <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
          {ALERTS_TEXT.eraseSubmit}
        </button>
      </fetcher.Form>
      {notice && (
        <div className="mt-3">
          <Notice tone={notice.tone} onDismiss={() => setDismissed(notice)} testId="alerts-erase-result">
            {notice.text}
          </Notice>
        </div>
      )}
    </section>
  );
}

export function AlertsScreen({ data }: { data: AlertsData }) {
  const { list, retailer } = data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{ALERTS_TEXT.heading}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{ALERTS_TEXT.intro}</p>
      </div>
      {retailer.status === 'not-configured' && (
        <div className={WARNING_CLASS} data-testid="alerts-retailer-off">
          <p className="font-semibold">{ALERTS_TEXT.retailerOff}</p>
          {retailer.missing && <p className="mt-1">{retailer.missing}</p>}
        </div>
      )}
      {list && !list.mail_enabled && (
        <p className={WARNING_CLASS} data-testid="alerts-mail-off">
          {ALERTS_TEXT.mailOff}
        </p>
      )}
      <EraseForm />
      {data.error && (
        <Notice tone="error" testId="alerts-load-error">
          {data.error}
        </Notice>
      )}
      {list &&
        (list.builds.length === 0 ? (
          <p className={`${cardClass} text-slate-700 dark:text-slate-300`} data-testid="alerts-empty">
            {ALERTS_TEXT.empty}
          </p>
        ) : (
          <>
            {list.builds.map((build) => (
              <BuildAlerts key={build.build_id} build={build} />
            ))}
            {list.truncated && <p className="text-sm text-slate-700 dark:text-slate-300">{ALERTS_TEXT.truncated(list.builds.reduce((sum, b) => sum + b.alerts.length, 0))}</p>}
          </>
        ))}
    </div>
  );
}

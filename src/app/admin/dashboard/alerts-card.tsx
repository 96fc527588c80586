/**
 * The dashboard's "Avvisi email" card: counts only — active alerts per build, requests awaiting
 * confirmation, mails sent per day, and a line for each full cap on confirmation mails (decision 036). No
 * address or domain is ever shown or sent to the admin.
 */
import { Link } from 'react-router';
import { formatCount, formatDate } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { AlertStatsResponse } from '../../../modules/alerts/alerts.schema';
import type { MailStatsResponse } from '../../../modules/mail/mail.schema';
import { CardLink, TitledCard } from '../ui';
import { limitReachedText } from './alert-limits-text';

export interface AlertCounts {
  alerts: AlertStatsResponse;
  mail: MailStatsResponse['days'];
}

export function AlertsCard({ counts, days }: { counts: AlertCounts; days: number }) {
  const { alerts, mail } = counts;
  const active = alerts.builds.reduce((sum, build) => sum + build.active, 0);
  const sent = mail.reduce((sum, day) => sum + day.sent, 0);
  return (
    <TitledCard
      title="Avvisi email"
      aside={<CardLink to={paths.admin.alerts()}>Obiettivi e cancellazione</CardLink>}
      headerClassName="flex flex-wrap items-baseline justify-between gap-2"
      className="space-y-4"
      testId="alerts-card"
    >
      {alerts.limits_reached.length > 0 && (
        <ul className="space-y-1 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="alert-limits-reached">
          {alerts.limits_reached.map((limit) => (
            <li key={`${limit.scope}-${limit.window}`}>{limitReachedText(limit)}</li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-3 gap-4 text-sm">
        <div>
          <dt className="text-slate-700 dark:text-slate-300">Avvisi attivi</dt>
          <dd className="text-2xl font-bold" data-testid="alerts-active">
            {formatCount(active)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700 dark:text-slate-300">In attesa di conferma</dt>
          <dd className="text-2xl font-bold" data-testid="alerts-pending">
            {formatCount(alerts.pending)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700 dark:text-slate-300">Email inviate ({days} giorni)</dt>
          <dd className="text-2xl font-bold" data-testid="mail-sent">
            {formatCount(sent)}
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Avvisi attivi per build</h3>
          {alerts.builds.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Nessun avviso attivo.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="alerts-per-build">
              {alerts.builds.map((build) => (
                <li key={build.build_id} className="flex justify-between gap-4 py-2">
                  <Link to={paths.admin.editBuild(build.build_id)} className="min-w-0 truncate text-violet-800 hover:underline dark:text-violet-300">
                    {build.title}
                  </Link>
                  <span className="font-semibold">{formatCount(build.active)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-semibold">Email inviate per giorno</h3>
          <table className="mt-2 w-full text-sm" data-testid="mail-per-day">
            <thead className="sr-only">
              <tr>
                <th scope="col">Giorno</th>
                <th scope="col">Email inviate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {mail.map((day) => (
                <tr key={day.day}>
                  <td className="py-1">
                    <time dateTime={day.day}>{formatDate(`${day.day}T12:00:00Z`)}</time>
                  </td>
                  <td className="py-1 text-right font-semibold">{formatCount(day.sent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </TitledCard>
  );
}

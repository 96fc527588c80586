/**
 * 'Fuori budget': published builds whose current total left the band around their declared
 * budget, so the author can fix the text or the parts before a reader notices. Shown only when there are some.
 */
import { Link } from 'react-router';
import { formatDate, formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { DriftResponse } from '../../../modules/drift/drift.schema';
import { cardClass } from '../ui';
import { driftIntro, driftText } from './drift-text';

export function BudgetDriftCard({ drift }: { drift: DriftResponse }) {
  return (
    <section aria-labelledby="drift-heading" className={cardClass} data-testid="budget-drift">
      <h2 id="drift-heading" className="text-lg font-semibold">
        Fuori budget
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {driftIntro(drift.threshold_percent)}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
        {drift.builds.map((build) => (
          <li key={build.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="drift-row">
            <div className="min-w-0">
              <Link to={paths.admin.editBuild(build.id)} className="font-semibold text-violet-800 underline break-words dark:text-violet-300">
                {build.title}
              </Link>
              {build.drifted_since && <p className="text-xs text-slate-600 dark:text-slate-400">{`Fuori budget dal ${formatDate(build.drifted_since)}`}</p>}
            </div>
            <p className="shrink-0 text-sm tabular-nums">
              {`Budget ${formatPrice(build.budget)} · totale ${formatPrice(build.total)} `}
              <strong className={build.drift_percent > 0 ? 'text-red-800 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'}>{driftText(build.drift_percent)}</strong>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

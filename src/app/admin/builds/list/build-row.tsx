/** One build of the list: a table row from md up, a card on a phone. Title, category, budget, status, views, date and the three actions. */
import { Link } from 'react-router';
import { categoryLabel } from '../../../../common/catalog';
import { formatCount, formatDate, formatPrice } from '../../../../common/format';
import { paths } from '../../../../common/paths';
import type { BuildAdminRow } from '../../../../modules/builds';
import { StatusBadge } from '../../status-badge';

/** The title column stays in view while the rest of the table scrolls sideways at phone width. */
export const stickyTitleClass = 'sticky left-0 z-10 w-40 min-w-40 px-4 py-3 sm:w-auto sm:max-w-xs';

const actionClass =
  'inline-flex items-center rounded-md px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60';

interface BuildItemProps {
  build: BuildAdminRow;
  /** The last 30 days' commissions and their method (decision 045); null: none. */
  commissions?: { commissions: number; method: string } | null;
  deleting: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

/** 'Visualizza' (published builds), 'Modifica' and 'Elimina': the same in the table and in the phone cards. */
function BuildActions({ build, deleting, canDelete, onDelete }: BuildItemProps) {
  return (
    <div className="flex flex-wrap gap-1 whitespace-nowrap">
      {build.status === 'published' && (
        <a
          href={paths.build(build.slug)}
          target="_blank"
          rel="noopener"
          aria-label={`Visualizza "${build.title}" (si apre in una nuova scheda)`}
          className={`${actionClass} text-violet-800 hover:bg-violet-100 dark:text-violet-300 dark:hover:bg-violet-950`}
        >
          Visualizza
        </a>
      )}
      <Link
        to={paths.admin.editBuild(build.id)}
        aria-label={`Modifica "${build.title}"`}
        className={`${actionClass} text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800`}
      >
        Modifica
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting || !canDelete}
        aria-label={`Elimina "${build.title}"`}
        className={`${actionClass} text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950`}
      >
        {deleting ? 'Eliminazione...' : 'Elimina'}
      </button>
    </div>
  );
}

export function BuildRow(props: BuildItemProps) {
  const { build } = props;
  return (
    <tr data-testid="build-row" data-build-id={build.id}>
      <th scope="row" className={`${stickyTitleClass} font-medium bg-white dark:bg-slate-900`}>
        {build.title}
      </th>
      <td className="px-4 py-3">{categoryLabel(build.category)}</td>
      <td className="px-4 py-3 whitespace-nowrap">{formatPrice(build.budget)}</td>
      <td className="px-4 py-3">
        <StatusBadge status={build.status} publishAt={build.publish_at} />
      </td>
      <td className="px-4 py-3 tabular-nums">{formatCount(build.views)}</td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums" data-testid="build-commissions">
        {props.commissions ? `${formatPrice(props.commissions.commissions)} (${props.commissions.method})` : '—'}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={build.created_at}>{formatDate(build.created_at)}</time>
      </td>
      <td className="px-4 py-3">
        <BuildActions {...props} />
      </td>
    </tr>
  );
}

/** Below md: the same facts and actions as a row, as a card whose labels are written out (no hidden columns). */
export function BuildCard(props: BuildItemProps) {
  const { build } = props;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="build-card" data-build-id={build.id}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words">{build.title}</h3>
        <StatusBadge status={build.status} publishAt={build.publish_at} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <div>
          <dt className="sr-only">Categoria</dt>
          <dd>{categoryLabel(build.category)}</dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">Budget</dt>
          <dd>{formatPrice(build.budget)}</dd>
        </div>
        <div>
          <dt className="inline">Visualizzazioni: </dt>
          <dd className="inline tabular-nums">{formatCount(build.views)}</dd>
        </div>
        <div className="text-right">
          <dt className="inline">Commissioni 30 gg: </dt>
          <dd className="inline tabular-nums">{props.commissions ? `${formatPrice(props.commissions.commissions)} (${props.commissions.method})` : '—'}</dd>
        </div>
        <div>
          <dt className="inline">Creata il </dt>
          <dd className="inline">
            <time dateTime={build.created_at}>{formatDate(build.created_at)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <BuildActions {...props} />
      </div>
    </li>
  );
}

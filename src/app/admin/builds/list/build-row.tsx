/** One row of the builds table: title, category, budget, status, views, date and the three actions. */
import { Link } from 'react-router';
import { categoryLabel } from '../../../../common/catalog';
import { formatCount, formatDate, formatPrice } from '../../../../common/format';
import { paths } from '../../../../common/paths';
import type { BuildAdminRow } from '../../../../modules/builds/builds.types';
import { StatusBadge } from '../../status-badge';

/** The title column stays in view while the rest of the table scrolls sideways at phone width. */
export const stickyTitleClass = 'sticky left-0 z-10 w-40 min-w-40 px-4 py-3 sm:w-auto sm:max-w-xs';

const actionClass =
  'inline-flex items-center rounded-md px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60';

export function BuildRow({ build, deleting, canDelete, onDelete }: { build: BuildAdminRow; deleting: boolean; canDelete: boolean; onDelete: () => void }) {
  return (
    <tr data-testid="build-row" data-build-id={build.id}>
      <th scope="row" className={`${stickyTitleClass} font-medium bg-white dark:bg-slate-900`}>
        {build.title}
      </th>
      <td className="px-4 py-3">{categoryLabel(build.category)}</td>
      <td className="px-4 py-3 whitespace-nowrap">{formatPrice(build.budget)}</td>
      <td className="px-4 py-3">
        <StatusBadge status={build.status} />
      </td>
      <td className="px-4 py-3 tabular-nums">{formatCount(build.views)}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={build.created_at}>{formatDate(build.created_at)}</time>
      </td>
      <td className="px-4 py-3">
        <div className="flex gap-1 whitespace-nowrap">
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
      </td>
    </tr>
  );
}

/** /admin/builds: every build with search, status filter and actions (spec sections 2, 4 and 8). */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { categoryLabel } from '../../../common/catalog';
import { formatCount, formatDate, formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { BuildAdminRow } from '../../../modules/builds/builds.types';
import { api } from '../../admin/api-client';
import { type BuildListFilters, filterBuilds, filtersFromSearch, isStatusFilter, searchFromFilters, type StatusFilter } from '../../admin/build-list-filters';
import { StatusBadge } from '../../admin/status-badge';
import { AdminSpinner, adminMeta, buttonClass, cardClass, inputClass, Notice } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/builds';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Build', siteFromMatches(matches).siteName);
}

const LOAD_ERROR = 'Errore nel caricamento delle build';
const DELETE_ERROR = "Errore durante l'eliminazione della build";
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Tutti' },
  { value: 'published', label: 'Pubblicato' },
  { value: 'draft', label: 'Bozza' },
];

/** Marks the URL updates made by typing, so only other navigations (sidebar link, back) reset the fields. */
const FILTER_WRITE = 'build-list-filters';

/**
 * The filters live in local state (a controlled input must update synchronously) and are mirrored to the
 * URL with replace, so typing adds no history entries.
 */
function useUrlFilters(): [BuildListFilters, (next: BuildListFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [filters, setFilters] = useState(() => filtersFromSearch(searchParams));

  useEffect(() => {
    if (location.state !== FILTER_WRITE) setFilters(filtersFromSearch(new URLSearchParams(location.search)));
  }, [location.key, location.search, location.state]);

  const update = useCallback(
    (next: BuildListFilters) => {
      setFilters(next);
      setSearchParams(searchFromFilters(next), { replace: true, preventScrollReset: true, state: FILTER_WRITE });
    },
    [setSearchParams],
  );
  return [filters, update];
}

type NoticeState = { tone: 'success' | 'error'; text: string } | null;

/** The title column stays in view while the rest of the table scrolls sideways at phone width. */
const stickyTitleClass = 'sticky left-0 z-10 w-40 min-w-40 px-4 py-3 sm:w-auto sm:max-w-xs';

const actionClass =
  'inline-flex items-center rounded-md px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60';

export default function AdminBuilds() {
  const [builds, setBuilds] = useState<BuildAdminRow[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [filters, setFilters] = useUrlFilters();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const statusId = useId();
  const captionId = useId();

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoadFailed(false);
    setBuilds(null);
    try {
      const body = await api.get<{ builds: BuildAdminRow[] }>('/admin/builds', { signal });
      setBuilds(body.builds ?? []);
    } catch {
      if (!signal?.aborted) setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function deleteBuild(build: BuildAdminRow) {
    if (!window.confirm(`Sei sicuro di voler eliminare "${build.title}"?`)) return;
    setDeletingId(build.id);
    setNotice(null);
    try {
      await api.delete(`/admin/builds/${build.id}`);
      setBuilds((current) => current?.filter((row) => row.id !== build.id) ?? null);
      setNotice({ tone: 'success', text: `Build "${build.title}" eliminata.` });
      // The focused button is gone with its row: keep keyboard users in the list.
      requestAnimationFrame(() => (tableRegionRef.current ?? headingRef.current)?.focus());
    } catch {
      // The spec's text, not the server's: the author only needs to know the build is still there.
      setNotice({ tone: 'error', text: DELETE_ERROR });
    } finally {
      setDeletingId(null);
    }
  }

  const shown = builds ? filterBuilds(builds, filters) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Build
        </h1>
        <Link to={paths.admin.newBuild()} className={buttonClass}>
          Nuova Build
        </Link>
      </div>

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} testId="builds-notice">
          {notice.text}
        </Notice>
      )}

      {loadFailed ? (
        <Notice tone="error" testId="builds-load-error">
          <p>{LOAD_ERROR}</p>
          <button type="button" onClick={() => void load()} className="mt-2 font-semibold underline focus-visible:outline-2 focus-visible:outline-current">
            Riprova
          </button>
        </Notice>
      ) : builds === null ? (
        <AdminSpinner label="Caricamento build..." />
      ) : builds.length === 0 ? (
        <div className={cardClass} data-testid="builds-empty">
          <p className="text-slate-700 dark:text-slate-300">Non hai ancora creato nessuna build: inizia dalla prima guida!</p>
          <Link to={paths.admin.newBuild()} className={`${buttonClass} mt-4`}>
            Nuova Build
          </Link>
        </div>
      ) : (
        <>
          <form role="search" aria-label="Filtra le build" className="grid gap-4 sm:grid-cols-[1fr_auto]" onSubmit={(event) => event.preventDefault()}>
            <div>
              <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
                Cerca
              </label>
              <input
                id={searchId}
                type="search"
                value={filters.q}
                onChange={(event) => setFilters({ ...filters, q: event.target.value })}
                placeholder="Titolo o descrizione"
                autoComplete="off"
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={statusId} className="mb-1 block text-sm font-medium">
                Stato
              </label>
              <select
                id={statusId}
                value={filters.status}
                onChange={(event) => {
                  const status = event.target.value;
                  if (isStatusFilter(status)) setFilters({ ...filters, status });
                }}
                className={inputClass}
              >
                {STATUS_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </form>

          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="builds-count">
            {shown.length === builds.length ? `${formatCount(builds.length)} build` : `${formatCount(shown.length)} di ${formatCount(builds.length)} build`}
          </p>

          {shown.length === 0 ? (
            <p className={`${cardClass} text-slate-700 dark:text-slate-300`} data-testid="builds-no-match">
              Nessuna build corrisponde alla ricerca.
            </p>
          ) : (
            // Wide table in its own focusable scroll area: at phone width it scrolls sideways, the page does not.
            <div
              ref={tableRegionRef}
              role="region"
              aria-labelledby={captionId}
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-800 dark:bg-slate-900"
              data-testid="builds-table-region"
            >
              <table className="w-full min-w-[60rem] text-left text-sm" data-testid="builds-table">
                <caption id={captionId} className="sr-only">
                  Elenco delle build
                </caption>
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    <th scope="col" className={`${stickyTitleClass} bg-slate-50 dark:bg-slate-800`}>
                      Titolo
                    </th>
                    {['Categoria', 'Budget', 'Stato', 'Visualizzazioni', 'Creata il', 'Azioni'].map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {shown.map((build) => (
                    <BuildRow key={build.id} build={build} deleting={deletingId === build.id} onDelete={() => void deleteBuild(build)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function BuildRow({ build, deleting, onDelete }: { build: BuildAdminRow; deleting: boolean; onDelete: () => void }) {
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
            disabled={deleting}
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

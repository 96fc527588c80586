/**
 * /admin/builds: every build with search, status filter and actions (product spec, "Screens and routes",
 * "States and transitions", "Error catalogue").
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher, useRevalidator, useSearchParams } from 'react-router';
import { formatCount } from '../../../../common/format';
import { paths } from '../../../../common/paths';
import type { BuildListRow } from '../../../../modules/builds';
import { formId } from '../../form-data';
import { AdminSpinner, buttonClass, cardClass, inputClass, Notice } from '../../ui';
import { BuildCard, BuildRow, stickyTitleClass } from './build-row';
import { deleteConfirmation } from './delete-confirmation';
import { type BuildListData, type DeleteOutcome, type deleteBuildAction, LOAD_ERROR } from './builds-list-data';
import { type BuildListFilters, filterBuilds, isStatusFilter, type StatusFilter } from './filters';
import { useUrlFilters } from './use-url-filters';
import { type BuildCommissions, REVENUE_SORT, sortByCommissions } from '../../revenue/builds-list-revenue';


const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Tutti' },
  { value: 'published', label: 'Pubblicato' },
  { value: 'draft', label: 'Bozza' },
  { value: 'scheduled', label: 'Programmata' },
];

export function BuildsListScreen({ data }: { data: BuildListData }) {
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof deleteBuildAction>();
  const [dismissed, setDismissed] = useState<DeleteOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);

  const deletingId = fetcher.state === 'submitting' && fetcher.formData ? formId(fetcher.formData, 'id') : null;
  // From the answer on: the notice, and the deleted row gone at once (the reload of the list confirms it).
  const outcome = fetcher.state !== 'submitting' ? (fetcher.data ?? null) : null;
  const notice = outcome !== dismissed ? outcome : null;
  const deletedId = outcome?.deleted ? outcome.id : null;

  // The focused 'Elimina' is gone with its row: keep keyboard users in the list.
  useEffect(() => {
    if (deletedId === null) return;
    // On a phone the table is not displayed (cards instead): the heading then takes the focus.
    const region = tableRegionRef.current;
    (region && region.offsetParent !== null ? region : headingRef.current)?.focus();
  }, [deletedId]);

  function deleteBuild(build: BuildListRow) {
    if (!window.confirm(deleteConfirmation(build))) return;
    void fetcher.submit({ intent: 'delete', id: build.id, title: build.title }, { method: 'post' });
  }

  const builds = data.builds?.filter((build) => build.id !== deletedId) ?? null;

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
        <Notice tone={notice.deleted ? 'success' : 'error'} onDismiss={() => setDismissed(notice)} testId="builds-notice">
          {notice.text}
        </Notice>
      )}

      {revalidator.state === 'loading' && builds === null ? (
        <AdminSpinner label="Caricamento build..." />
      ) : builds === null ? (
        <Notice tone="error" testId="builds-load-error">
          <p>{LOAD_ERROR}</p>
          <button type="button" onClick={() => void revalidator.revalidate()} className="mt-2 font-semibold underline focus-visible:outline-2 focus-visible:outline-current">
            Riprova
          </button>
        </Notice>
      ) : builds.length === 0 ? (
        <div className={cardClass} data-testid="builds-empty">
          <p className="text-slate-700 dark:text-slate-300">Non hai ancora creato nessuna build: inizia dalla prima guida!</p>
          <Link to={paths.admin.newBuild()} className={`${buttonClass} mt-4`}>
            Nuova Build
          </Link>
        </div>
      ) : (
        <FilteredBuilds
          builds={builds}
          commissions={data.commissions}
          deletingId={deletingId}
          canDelete={fetcher.state === 'idle'}
          tableRegionRef={tableRegionRef}
          onDelete={deleteBuild}
        />
      )}
    </div>
  );
}

function FilteredBuilds({
  builds,
  commissions,
  deletingId,
  canDelete,
  tableRegionRef,
  onDelete,
}: {
  builds: BuildListRow[];
  commissions: BuildCommissions | null;
  deletingId: number | null;
  canDelete: boolean;
  tableRegionRef: RefObject<HTMLDivElement | null>;
  onDelete: (build: BuildListRow) => void;
}) {
  const [filters, setFilters] = useUrlFilters();
  const [searchParams] = useSearchParams();
  const byCommissions = searchParams.get(REVENUE_SORT.param) === REVENUE_SORT.value;
  const filtered = filterBuilds(builds, filters);
  const shown = byCommissions ? sortByCommissions(filtered, commissions) : filtered;
  const sortSearch = new URLSearchParams(searchParams);
  if (byCommissions) sortSearch.delete(REVENUE_SORT.param);
  else sortSearch.set(REVENUE_SORT.param, REVENUE_SORT.value);
  const captionId = useId();

  return (
    <>
      <FilterForm filters={filters} onChange={setFilters} />

      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="builds-count">
        {shown.length === builds.length ? `${formatCount(builds.length)} build` : `${formatCount(shown.length)} di ${formatCount(builds.length)} build`}
      </p>

      {shown.length === 0 ? (
        <p className={`${cardClass} text-slate-700 dark:text-slate-300`} data-testid="builds-no-match">
          Nessuna build corrisponde alla ricerca.
        </p>
      ) : (
        <>
          {/* Below md, cards: a table there would hide status, views, date and the actions behind a sideways scroll. */}
          <ul className="space-y-3 md:hidden" aria-label="Elenco delle build" data-testid="builds-cards">
            {shown.map((build) => (
              <BuildCard key={build.id} build={build} commissions={commissions?.[build.id] ?? null} deleting={deletingId === build.id} canDelete={canDelete} onDelete={() => onDelete(build)} />
            ))}
          </ul>
          {/* From md up, the table in its own focusable scroll area: if it is still too wide it scrolls sideways, the page does not. */}
          <div
            ref={tableRegionRef}
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 md:block dark:border-slate-800 dark:bg-slate-900"
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
                  {['Categoria', 'Budget', 'Stato', 'Visualizzazioni'].map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {column}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 font-semibold" aria-sort={byCommissions ? 'descending' : 'none'}>
                    <Link to={{ search: sortSearch.toString() }} replace preventScrollReset className="underline" data-testid="builds-sort-commissions">
                      Commissioni 30 gg{byCommissions ? ' ↓' : ''}
                      <span className="sr-only">{byCommissions ? ', ordinate dalla più alta: torna all’ordine di creazione' : ': ordina dalla più alta'}</span>
                    </Link>
                  </th>
                  {['Creata il', 'Azioni'].map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {shown.map((build) => (
                  <BuildRow key={build.id} build={build} commissions={commissions?.[build.id] ?? null} deleting={deletingId === build.id} canDelete={canDelete} onDelete={() => onDelete(build)} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** A filter's label over its control, which takes the label's id. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

function FilterForm({ filters, onChange }: { filters: BuildListFilters; onChange: (next: BuildListFilters) => void }) {
  return (
    <form role="search" aria-label="Filtra le build" className="grid gap-4 sm:grid-cols-[1fr_auto]" onSubmit={(event) => event.preventDefault()}>
      <FilterField
        label="Cerca"
        control={(id) => (
          <input
            id={id}
            type="search"
            value={filters.q}
            onChange={(event) => onChange({ ...filters, q: event.target.value })}
            placeholder="Titolo o descrizione"
            autoComplete="off"
            className={inputClass}
          />
        )}
      />
      <FilterField
        label="Stato"
        control={(id) => (
          <select
            id={id}
            value={filters.status}
            onChange={(event) => {
              const status = event.target.value;
              if (isStatusFilter(status)) onChange({ ...filters, status });
            }}
            className={inputClass}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      />
    </form>
  );
}

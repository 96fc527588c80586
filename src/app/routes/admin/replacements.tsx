/** /admin/replacements: open smart-replacement records and their restore (spec sections 2, 3, 4 and 8). */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { ReplacementRecord } from '../../../modules/replacements/replacements.types';
import { api, errorMessage } from '../../admin/api-client';
import { AdminSpinner, adminMeta, cardClass, Notice, secondaryButtonClass } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/replacements';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sostituzioni', siteFromMatches(matches).siteName);
}

const RESTORE_CONFIRM = 'Sei sicuro di voler ripristinare il componente originale? Questa azione eliminerà il componente sostitutivo.';
const RESTORE_SUCCESS = 'Componente ripristinato con successo!';
const RESTORE_ERROR = 'Errore nel ripristino del componente';
const LOAD_ERROR = 'Errore nel caricamento delle sostituzioni';

type NoticeState = { tone: 'success' | 'error'; text: string; detail?: string } | null;

export default function AdminReplacements() {
  const [replacements, setReplacements] = useState<ReplacementRecord[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [restoringId, setRestoringId] = useState<number | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A reload keeps the cards on screen (no spinner) so the page does not jump under the author.
  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    setLoadError(null);
    try {
      const body = await api.get<{ replacements: ReplacementRecord[] }>('/admin/replacements', { signal });
      setReplacements(body.replacements ?? []);
    } catch (error) {
      if (signal?.aborted) return;
      setLoadError(errorMessage(error, LOAD_ERROR));
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function restore(record: ReplacementRecord) {
    if (!window.confirm(RESTORE_CONFIRM)) return;
    setRestoringId(record.id);
    setNotice(null);
    try {
      await api.post(`/admin/replacements/${record.id}/restore`);
      // Gone from the open records at once: no second 'Ripristina' on it while the list reloads.
      setReplacements((list) => list?.filter((other) => other.id !== record.id) ?? list);
      setNotice({ tone: 'success', text: RESTORE_SUCCESS });
    } catch (error) {
      // The server says why (already restored, no longer there); the list is reloaded below either way.
      setNotice({ tone: 'error', text: RESTORE_ERROR, detail: errorMessage(error, '') || undefined });
    } finally {
      setRestoringId(null);
    }
    await load();
    // The focused button may be gone with its card: keep keyboard users at the top of the screen.
    headingRef.current?.focus();
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Gestione Sostituzioni
        </h1>
        <button type="button" className={secondaryButtonClass} disabled={loading} aria-busy={loading} onClick={() => void load()}>
          <span aria-hidden="true" className={loading ? 'inline-block animate-spin motion-reduce:animate-none' : 'inline-block'}>
            ↻
          </span>
          Aggiorna
        </button>
      </div>

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} testId="replacements-notice">
          <p className="font-semibold">{notice.text}</p>
          {notice.detail && <p className="mt-1">{notice.detail}</p>}
        </Notice>
      )}
      {loadError && (
        <Notice tone="error" testId="replacements-load-error">
          {loadError}
        </Notice>
      )}

      {replacements === null ? (
        loading && <AdminSpinner label="Caricamento sostituzioni..." />
      ) : replacements.length === 0 ? (
        <p className={`${cardClass} text-slate-700 dark:text-slate-300`} data-testid="replacements-empty">
          Nessuna sostituzione
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Sostituzioni aperte" data-testid="replacements-list">
          {replacements.map((record) => (
            <li key={record.id}>
              <ReplacementCard record={record} restoring={restoringId === record.id} busy={restoringId !== null} onRestore={() => void restore(record)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const linkClass = 'font-semibold text-violet-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-violet-300';
const termClass = 'font-medium text-slate-700 dark:text-slate-300';

function Field({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className={termClass}>{term}:</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ReplacementCard({ record, restoring, busy, onRestore }: { record: ReplacementRecord; restoring: boolean; busy: boolean; onRestore: () => void }) {
  const titleId = `replacement-${record.id}-title`;
  // The substitute may have been removed from the build since the swap: the record still restores the original.
  const currentName = record.name ?? 'Componente sostitutivo rimosso dalla build';
  return (
    <article className={cardClass} aria-labelledby={titleId} data-testid="replacement-card" data-replacement-id={record.id}>
      <div className="flex flex-wrap items-start gap-3">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="replaced-badge">
          SOSTITUITO
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold break-words">
          {currentName}
        </h2>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-label="Componente attuale" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="current-component">
          <h3 className="font-semibold">Componente attuale</h3>
          <dl className="mt-2 space-y-1 text-sm">
            <Field term="Nome">{currentName}</Field>
            <Field term="Prezzo" testId="current-price">
              {formatPrice(record.price)}
            </Field>
            {record.asin && (
              <Field term="ASIN" testId="current-asin">
                {record.asin}
              </Field>
            )}
            <Field term="Tipo" testId="current-type">
              {record.type}
            </Field>
          </dl>
          {record.amazon_link && (
            <a href={record.amazon_link} target="_blank" rel="sponsored nofollow noopener" className={`${linkClass} mt-3 inline-block text-sm`}>
              Vedi su Amazon<span className="sr-only">: {currentName} (si apre in una nuova scheda)</span>
            </a>
          )}
        </section>

        {record.original_name && (
          <section aria-label="Componente originale" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="original-component">
            <h3 className="font-semibold">Componente originale</h3>
            <p className="mt-2 text-sm break-words" data-testid="original-name">
              {record.original_name}
            </p>
            <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-300">Non disponibile</p>
            {record.original_asin && (
              <dl className="mt-1 text-sm">
                <Field term="ASIN" testId="original-asin">
                  {record.original_asin}
                </Field>
              </dl>
            )}
            {record.original_link && (
              <a href={record.original_link} target="_blank" rel="sponsored nofollow noopener" className={`${linkClass} mt-3 inline-block text-sm`}>
                Vedi originale<span className="sr-only">: {record.original_name} (si apre in una nuova scheda)</span>
              </a>
            )}
          </section>
        )}
      </div>

      {record.replacement_reason && (
        <p className="mt-4 text-sm" data-testid="replacement-reason">
          <strong>Motivo:</strong> {record.replacement_reason}
        </p>
      )}

      <div className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4 sm:flex-row sm:items-end sm:justify-between dark:border-slate-800">
        <dl className="space-y-1 text-sm">
          <Field term="ID" testId="replacement-id">
            {record.id}
          </Field>
          <Field term="Build" testId="replacement-build">
            #{record.build_id}{' '}
            <Link to={paths.admin.editBuild(record.build_id)} className={linkClass}>
              {record.build_title}
            </Link>
          </Field>
          <Field term="Sostituito il" testId="replacement-date">
            <time dateTime={record.created_at}>{formatDateTime(record.created_at)}</time>
          </Field>
        </dl>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onRestore}>
          {restoring ? 'Ripristino in corso...' : 'Ripristina'}
          <span className="sr-only"> {record.original_name}</span>
        </button>
      </div>
    </article>
  );
}

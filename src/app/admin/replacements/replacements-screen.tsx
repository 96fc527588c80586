/**
 * /admin/replacements: open smart-replacement records, 'Aggiorna' and restore (product spec, "Screens and routes",
 * "Entities and their fields", "States and transitions", "Error catalogue").
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import type { ReplacementRecord } from '../../../modules/replacements';
import { formId } from '../form-data';
import { cardClass, Notice, secondaryButtonClass } from '../ui';
import { ReplacementCard } from './replacement-card';
import type { ReplacementsData, RestoreOutcome, restoreAction } from './replacements-data';

const RESTORE_CONFIRM = 'Sei sicuro di voler ripristinare il componente originale? Questa azione eliminerà il componente sostitutivo.';

/**
 * The last list that loaded: a reload that fails keeps the cards on screen under its error, so the page
 * does not jump under the author. (Adjusted while rendering, React's pattern for state following a prop.)
 */
function useLastLoaded(list: ReplacementRecord[] | null): ReplacementRecord[] | null {
  const [last, setLast] = useState(list);
  if (list !== null && list !== last) {
    setLast(list);
    return list;
  }
  return list ?? last;
}

export function ReplacementsScreen({ data }: { data: ReplacementsData }) {
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof restoreAction>();
  const [dismissed, setDismissed] = useState<RestoreOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = useLastLoaded(data.replacements);

  const restoringId = fetcher.state === 'submitting' && fetcher.formData ? formId(fetcher.formData, 'id') : null;
  const outcome = fetcher.state !== 'submitting' ? (fetcher.data ?? null) : null;
  const notice = outcome !== dismissed ? outcome : null;
  // Gone from the open records at once: no second 'Ripristina' on it while the list reloads.
  const restoredId = outcome?.restored ? outcome.id : null;
  const replacements = loaded?.filter((record) => record.id !== restoredId) ?? null;
  // 'Aggiorna', or the reload that follows a restore.
  const reloading = revalidator.state === 'loading' || fetcher.state === 'loading';

  // Once the restore and its reload are over, the focused button may be gone with its card: keep keyboard users at the top.
  const settled = fetcher.state === 'idle' ? (fetcher.data ?? null) : null;
  useEffect(() => {
    if (settled) headingRef.current?.focus();
  }, [settled]);

  function restore(record: ReplacementRecord) {
    if (!window.confirm(RESTORE_CONFIRM)) return;
    void fetcher.submit({ id: record.id }, { method: 'post' });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Gestione Sostituzioni
        </h1>
        <button type="button" className={secondaryButtonClass} disabled={reloading} aria-busy={reloading} onClick={() => void revalidator.revalidate()}>
          <span aria-hidden="true" className={reloading ? 'inline-block animate-spin motion-reduce:animate-none' : 'inline-block'}>
            ↻
          </span>
          Aggiorna
        </button>
      </div>

      {notice && (
        <Notice tone={notice.restored ? 'success' : 'error'} onDismiss={() => setDismissed(notice)} testId="replacements-notice">
          <p className="font-semibold">{notice.text}</p>
          {!notice.restored && notice.detail && <p className="mt-1">{notice.detail}</p>}
        </Notice>
      )}
      {data.error && (
        <Notice tone="error" testId="replacements-load-error">
          {data.error}
        </Notice>
      )}

      {replacements === null ? null : replacements.length === 0 ? (
        <p className={`${cardClass} text-slate-700 dark:text-slate-300`} data-testid="replacements-empty">
          Nessuna sostituzione
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Sostituzioni aperte" data-testid="replacements-list">
          {replacements.map((record) => (
            <li key={record.id}>
              <ReplacementCard record={record} restoring={restoringId === record.id} busy={restoringId !== null} onRestore={() => restore(record)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

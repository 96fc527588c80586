/**
 * 'Cronologia': the build's revisions, what restoring one would change against the latest
 * (fields, article lines, components), and the restore after a confirmation. The editor gets the restored
 * build as if it had just loaded it: unsaved edits are replaced, and the confirmation says so.
 */
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { formatDateTime } from '../../../../common/format';
import { paths } from '../../../../common/paths';
import type { BuildAdmin } from '../../../../modules/builds';
import { ModalDialog } from '../../modal-dialog';
import { useFetcherResult } from '../../use-fetcher-result';
import { buttonClass, Notice, secondaryButtonClass, TitledCard } from '../../ui';
import { HISTORY_MESSAGES, type HistoryActionResult, type HistoryData } from './history-data';
import type { RevisionDiff } from './revision-diff';

const LINE_CLASS = {
  same: 'text-slate-600 dark:text-slate-400',
  removed: 'bg-red-50 text-red-900 line-through dark:bg-red-950/60 dark:text-red-200',
  added: 'bg-green-50 text-green-900 dark:bg-green-950/60 dark:text-green-200',
} as const;
const LINE_MARK = { same: ' ', removed: '−', added: '+' } as const;
const COMPONENT_CHANGE = { added: 'Torna', removed: 'Viene tolto', changed: 'Cambia' } as const;

function DiffView({ diff }: { diff: RevisionDiff }) {
  const notes = diff.notes.map((note) => (
    <p key={note} className="text-sm text-slate-600 dark:text-slate-400" data-testid="revision-diff-note">
      {note}
    </p>
  ));
  if (diff.fields.length === 0 && diff.content === null && diff.components.length === 0) {
    return (
      <div className="space-y-2">
        <p className="text-sm">Questa versione è uguale a quella attuale.</p>
        {notes}
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm" data-testid="revision-diff">
      {notes}
      {diff.fields.length > 0 && (
        <dl className="space-y-1">
          {diff.fields.map((field) => (
            <div key={field.label}>
              <dt className="font-semibold">{field.label}</dt>
              <dd>
                <span className="line-through decoration-red-600">{field.now}</span> → <span className="font-medium">{field.then}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {diff.content && (
        <div>
          <p className="font-semibold">Articolo</p>
          <pre className="mt-1 max-h-64 overflow-auto rounded-lg border border-slate-200 p-2 text-xs whitespace-pre-wrap dark:border-slate-700">
            {diff.content
              .filter((line, index, lines) => line.kind !== 'same' || lines[index - 1]?.kind !== 'same' || lines[index + 1]?.kind !== 'same')
              .map((line, index) => (
                <span key={index} className={`block ${LINE_CLASS[line.kind]}`}>
                  {`${LINE_MARK[line.kind]} ${line.text}`}
                </span>
              ))}
          </pre>
        </div>
      )}
      {diff.components.length > 0 && (
        <div>
          <p className="font-semibold">Componenti</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {diff.components.map((change, index) => (
              <li key={index}>
                {`${COMPONENT_CHANGE[change.kind]}: ${change.name}`}
                {change.details.length > 0 && <span className="block text-slate-600 dark:text-slate-400">{change.details.join('; ')}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function HistoryPanel({ buildId, onRestored }: { buildId: number; onRestored: (build: BuildAdmin) => void }) {
  const history = useFetcher<HistoryData>();
  const restore = useFetcher<HistoryActionResult>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [handled, setHandled] = useState<HistoryActionResult | null>(null);
  const data = history.data;

  // Each answer of the restore once: the editor takes the build, the list is read again.
  useFetcherResult(restore, (outcome) => {
    setHandled(outcome);
    if (outcome.ok) {
      onRestored(outcome.build);
      void history.load(paths.admin.buildHistory(buildId));
    }
  }, { answerAtMount: 'apply' });

  return (
    <TitledCard
      title="Cronologia"
      className="space-y-3"
      headerClassName="flex items-center justify-between gap-3"
      testId="history-panel"
      aside={
        <button type="button" className={secondaryButtonClass} disabled={history.state !== 'idle'} onClick={() => void history.load(paths.admin.buildHistory(buildId))}>
          {data ? 'Aggiorna' : 'Mostra cronologia'}
        </button>
      }
    >
      {handled && (
        <Notice tone={handled.ok ? 'success' : 'error'} onDismiss={() => setHandled(null)} testId="history-notice">
          {handled.ok ? HISTORY_MESSAGES.restored : handled.error}
        </Notice>
      )}
      {data && !data.ok && <Notice tone="error">{data.error}</Notice>}
      {data?.ok && (
        <ol className="max-h-96 space-y-2 overflow-auto" aria-label="Revisioni, dalla più recente">
          {data.revisions.map((revision, index) => (
            <li key={revision.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="revision">
              <p className="font-medium">
                <time dateTime={revision.created_at}>{formatDateTime(revision.created_at)}</time>
                {` · ${revision.reason} · ${revision.author}`}
                {index === 0 && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">attuale</span>}
              </p>
              <p className="text-slate-600 dark:text-slate-400">{revision.title}</p>
              {index > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" className={secondaryButtonClass} onClick={() => void history.load(paths.admin.buildHistory(buildId, revision.id))}>
                    Confronta con l&apos;attuale
                  </button>
                  <button type="button" className={buttonClass} disabled={restore.state !== 'idle'} onClick={() => setConfirming(revision.id)}>
                    Ripristina
                  </button>
                </div>
              )}
              {data.compared?.revision.id === revision.id && (
                <div className="mt-3">
                  <DiffView diff={data.compared.diff} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {confirming !== null && (
        <ModalDialog title="Ripristinare questa versione?" onClose={() => setConfirming(null)} testId="restore-revision-dialog">
          <p>La build tornerà com&apos;era in questa revisione: titolo, testo, campi e componenti. Le modifiche non salvate nell&apos;editor andranno perse. Il ripristino resta nella cronologia e si può annullare ripristinando un&apos;altra revisione.</p>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(null)}>
              Annulla
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                void restore.submit({ revision: String(confirming) }, { method: 'post', action: paths.admin.buildHistory(buildId) });
                setConfirming(null);
              }}
            >
              Ripristina
            </button>
          </div>
        </ModalDialog>
      )}
    </TitledCard>
  );
}

/**
 * Per-component alternatives panel of the build editor (product spec, "Screens and routes", "Validation rules",
 * "Error catalogue"): the alternatives of the component's product, with add, edit, delete and "add a whole group".
 * Reads and writes go through fetchers to the resource routes /admin/alternatives-for/<asin> and
 * /admin/alternative-groups, so an expired session redirects and an answer for a link changed meanwhile is dropped by
 * the router. Several panels sit on one editor page, so ids come from useId and test ids carry the ASIN.
 *
 * The panel is rendered inside the editor's <form>: it uses no <form> of its own (forms cannot nest),
 * every button is type="button", and Enter in its fields runs the panel's action instead of submitting
 * the build. Its writes ask for no revalidation: the build and the other panels do not change with them.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { extractAsin } from '../../../../common/asin';
import { paths } from '../../../../common/paths';
import type { Alternative } from '../../../../modules/alternatives';
import { buttonClass, Notice, secondaryButtonClass } from '../../ui';
import { type AlternativeDraft, alternativeToDraft, draftForm, EMPTY_DRAFT, parseAlternative } from '../alternative-form';
import { AlternativeFields } from '../alternative-fields';
import { AlternativeSummary } from '../alternative-summary';
import { formId, formOf, formText } from '../../form-data';
import { ALTERNATIVE_MESSAGES } from '../alternative-messages';
import { dangerButtonClass, smallButtonClass } from '../styles';
import { useFetcherResult } from '../../use-fetcher-result';
import { GroupAdd } from './group-add';
import type { loadGroups, loadProductAlternatives, PanelNotice, PanelResult } from './panel-data';

export interface ComponentAlternativesPanelProps {
  /** The component's retailer link as typed in the editor; the original ASIN is extracted from it. */
  amazonLink: string;
  /** The component's type (CPU, GPU...), used to offer matching alternative groups. */
  componentType: string;
}

/** How long the link must stay unchanged while typing before the panel loads for it. */
const LINK_DEBOUNCE_MS = 300;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Enter in one of the panel's inputs runs `action` instead of submitting the editor's form. */
function runOnEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      action();
    }
  };
}

export function ComponentAlternativesPanel({ amazonLink, componentType }: ComponentAlternativesPanelProps) {
  const asin = extractAsin(useDebouncedValue(amazonLink, LINK_DEBOUNCE_MS));
  // Outside the keyed part: an open panel stays open, and keeps its groups, while the author corrects the link.
  const [expanded, setExpanded] = useState(false);
  const groups = useFetcher<typeof loadGroups>();

  function toggle() {
    // The groups are needed only once the panel is opened (again after a failed load).
    if (!expanded && groups.state === 'idle' && !groups.data?.categories) void groups.load(paths.admin.alternativeGroups());
    setExpanded(!expanded);
  }

  if (!asin) {
    return (
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="alternatives-invalid-link">
        {ALTERNATIVE_MESSAGES.invalidLink}
      </p>
    );
  }
  // Keyed by ASIN: another product starts from a clean list and forms.
  return <AlternativesForProduct key={asin} asin={asin} componentType={componentType} expanded={expanded} onToggle={toggle} groups={groups.data} />;
}

type Busy = 'add' | 'group' | `edit-${number}` | `delete-${number}` | null;

/** Which button a pending write belongs to. */
function busyOf(form: FormData | undefined): Busy {
  if (!form) return null;
  const intent = formText(form, 'intent');
  const id = formId(form, 'id') ?? 0;
  if (intent === 'add') return 'add';
  if (intent === 'add-group') return 'group';
  return intent === 'update' ? `edit-${id}` : `delete-${id}`;
}

interface ProductPanelProps {
  asin: string;
  componentType: string;
  expanded: boolean;
  onToggle: () => void;
  groups: Awaited<ReturnType<typeof loadGroups>> | undefined;
}

function AlternativesForProduct({ asin, componentType, expanded, onToggle, groups }: ProductPanelProps) {
  const ids = useId();
  const url = paths.admin.alternativesFor(asin);
  const list = useFetcher<typeof loadProductAlternatives>();
  const writes = useFetcher<PanelResult>();
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [draft, setDraft] = useState<AlternativeDraft>(EMPTY_DRAFT);
  const [editing, setEditing] = useState<{ id: number; draft: AlternativeDraft } | null>(null);

  // The router runs the load; this part is keyed by ASIN, so it loads once per product shown.
  const { load } = list;
  useEffect(() => {
    void load(url);
  }, [load, url]);

  // The freshest list: the one the last write answered with, else the first load's (also when a write
  // could not read the list again, which leaves the last one on screen rarely a little behind).
  const alternatives = writes.data?.alternatives ?? list.data?.alternatives ?? null;
  const loadError = alternatives === null ? (list.data?.error ?? null) : null;
  const busy = writes.state === 'idle' ? null : busyOf(writes.formData);

  useFetcherResult(writes, (result) => {
    setNotice(result.notice);
    if (result.ok && result.intent === 'add') setDraft(EMPTY_DRAFT);
    if (result.ok && result.intent === 'update') setEditing(null);
    // The alternative being edited has gone (deleted here or elsewhere): nothing left to edit.
    else if (editing && result.alternatives && !result.alternatives.some((alternative) => alternative.id === editing.id)) setEditing(null);
  }, { answerAtMount: 'ignore' });

  function submit(form: FormData) {
    setNotice(null);
    void writes.submit(form, { method: 'post', action: url, defaultShouldRevalidate: false });
  }

  /** Checks a draft with the shared form model: a refused one is not sent, and says why. */
  function submitDraft(value: AlternativeDraft, fields: Record<string, string>) {
    const parsed = parseAlternative(value);
    if (parsed.ok) submit(draftForm(value, fields));
    else setNotice({ tone: 'error', text: parsed.message });
  }

  const add = () => {
    if (!busy) submitDraft(draft, { intent: 'add' });
  };
  const saveEdit = () => {
    if (editing && !busy) submitDraft(editing.draft, { intent: 'update', id: String(editing.id) });
  };
  const remove = (alternative: Alternative) => {
    if (!busy && window.confirm(ALTERNATIVE_MESSAGES.deleteConfirm)) submit(formOf({ intent: 'delete', id: String(alternative.id) }));
  };
  const addGroup = (categoryId: string) => {
    // The alternatives shown are skipped without a request; one added elsewhere meanwhile answers 409, skipped too.
    const known = (alternatives ?? []).map((alternative) => alternative.alternative_asin);
    if (!busy && categoryId) submit(formOf({ intent: 'add-group', categoryId, known }));
  };

  const count = alternatives === null ? '…' : String(alternatives.length);
  const bodyId = `${ids}-body`;

  return (
    <div className="mt-3 rounded-lg border border-slate-200 dark:border-slate-700" data-testid="alternatives-panel" data-asin={asin}>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
        className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left font-semibold hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:hover:bg-slate-800"
        data-testid="alternatives-toggle"
      >
        <span>Alternative ({count})</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`h-5 w-5 shrink-0 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}>
          <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
        </svg>
      </button>

      <div id={bodyId} hidden={!expanded} className="space-y-4 border-t border-slate-200 p-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Prodotto originale: <span className="font-mono font-semibold">{asin}</span>
        </p>
        {notice && (
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)} testId="alternatives-notice">
            {notice.text}
          </Notice>
        )}
        {loadError && (
          <Notice tone="error" testId="alternatives-load-error">
            {loadError}
          </Notice>
        )}

        {alternatives !== null && alternatives.length === 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Nessuna alternativa per questo componente.</p>}
        {alternatives !== null && alternatives.length > 0 && (
          <ul className="space-y-2" aria-label={`Alternative di ${asin}`}>
            {alternatives.map((alternative) => (
              <li key={alternative.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="alternative-item" data-alternative-asin={alternative.alternative_asin}>
                {editing?.id === alternative.id ? (
                  <PanelFields
                    idPrefix={`${ids}-edit-${alternative.id}`}
                    legend={`Modifica alternativa ${alternative.alternative_name}`}
                    draft={editing.draft}
                    onChange={(next) => setEditing({ id: alternative.id, draft: next })}
                    onSubmit={saveEdit}
                  >
                    <button type="button" onClick={saveEdit} disabled={busy !== null} className={buttonClass}>
                      {busy === `edit-${alternative.id}` ? 'Salvataggio...' : 'Salva'}
                    </button>
                    <button type="button" onClick={() => setEditing(null)} disabled={busy !== null} className={secondaryButtonClass}>
                      Annulla
                    </button>
                  </PanelFields>
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <AlternativeSummary alternative={alternative} />
                    <div className="flex shrink-0 gap-2">
                      <button
                        type="button"
                        onClick={() => {
                          setNotice(null);
                          setEditing({ id: alternative.id, draft: alternativeToDraft(alternative) });
                        }}
                        disabled={busy !== null}
                        className={smallButtonClass}
                      >
                        Modifica<span className="sr-only"> {alternative.alternative_name}</span>
                      </button>
                      <button type="button" onClick={() => remove(alternative)} disabled={busy !== null} className={dangerButtonClass}>
                        {busy === `delete-${alternative.id}` ? 'Eliminazione...' : 'Elimina'}
                        <span className="sr-only"> {alternative.alternative_name}</span>
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}

        <PanelFields idPrefix={`${ids}-add`} legend="Aggiungi alternativa" draft={draft} onChange={setDraft} onSubmit={add} testId="alternative-add">
          <button type="button" onClick={add} disabled={busy !== null} className={buttonClass}>
            {busy === 'add' ? 'Aggiunta...' : 'Aggiungi alternativa'}
          </button>
        </PanelFields>

        <GroupAdd idPrefix={ids} componentType={componentType} groups={groups} busy={busy !== null} adding={busy === 'group'} onAdd={addGroup} />
      </div>
    </div>
  );
}

interface PanelFieldsProps {
  idPrefix: string;
  legend: string;
  draft: AlternativeDraft;
  onChange: (draft: AlternativeDraft) => void;
  onSubmit: () => void;
  testId?: string;
  children: ReactNode;
}

/** The shared fields under a heading, with the panel's buttons; Enter runs `onSubmit`. */
function PanelFields({ idPrefix, legend, draft, onChange, onSubmit, testId, children }: PanelFieldsProps) {
  return (
    <div role="group" aria-labelledby={`${idPrefix}-legend`} onKeyDown={runOnEnter(onSubmit)} className="space-y-3" data-testid={testId}>
      <h3 id={`${idPrefix}-legend`} className="text-sm font-semibold">
        {legend}
      </h3>
      <AlternativeFields idPrefix={idPrefix} draft={draft} onChange={onChange} />
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

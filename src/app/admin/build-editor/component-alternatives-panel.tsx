/**
 * Per-component alternatives panel of the build editor (spec sections 2, 5 and 8): the alternatives of
 * the component's product (GET /api/admin/alternatives/{asin}), with add, edit, delete and "add a whole
 * group". Several panels sit on one editor page, so ids come from useId and test ids carry the ASIN.
 *
 * The panel is rendered inside the editor's <form>: it uses no <form> of its own (forms cannot nest),
 * every button is type="button", and Enter in its fields runs the panel's action instead of submitting
 * the build.
 */
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { extractAsin } from '../../../common/asin';
import { formatPrice } from '../../../common/format';
import type { Alternative, AlternativeCategory } from '../../../modules/alternatives/alternatives.types';
import { api, ApiError, errorMessage } from '../api-client';
import { buttonClass, inputClass, Notice, secondaryButtonClass } from '../ui';
import {
  ALTERNATIVE_MESSAGES,
  type AlternativeDraft,
  alternativeToDraft,
  ASIN_MAX_LENGTH,
  asinInput,
  draftToFields,
  EMPTY_DRAFT,
  groupAddedMessage,
  groupMembersToAdd,
  memberToFields,
  orderCategoriesFor,
  PRIORITY_MAX,
  PRIORITY_MIN,
} from './alternative-form';

export interface ComponentAlternativesPanelProps {
  /** The component's retailer link as typed in the editor; the original ASIN is extracted from it. */
  amazonLink: string;
  /** The component's type (CPU, GPU...), used to offer matching alternative groups. */
  componentType: string;
}

/** How long the link must stay unchanged while typing before the panel loads for it. */
const LINK_DEBOUNCE_MS = 300;

type NoticeState = { tone: 'success' | 'error' | 'info'; text: string } | null;
type Busy = 'add' | 'group' | `edit-${number}` | `delete-${number}` | null;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

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
  // Outside the keyed part: an open panel stays open while the author corrects the link.
  const [expanded, setExpanded] = useState(false);
  if (!asin) {
    return (
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="alternatives-invalid-link">
        {ALTERNATIVE_MESSAGES.invalidLink}
      </p>
    );
  }
  // Keyed by ASIN: another product starts from a clean list and forms (its pending load is aborted on unmount).
  return <AlternativesForProduct key={asin} asin={asin} componentType={componentType} expanded={expanded} onToggle={() => setExpanded((open) => !open)} />;
}

function AlternativesForProduct({ asin, componentType, expanded, onToggle }: { asin: string; componentType: string; expanded: boolean; onToggle: () => void }) {
  const ids = useId();
  const [alternatives, setAlternatives] = useState<Alternative[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [draft, setDraft] = useState<AlternativeDraft>(EMPTY_DRAFT);
  const [editing, setEditing] = useState<{ id: number; draft: AlternativeDraft } | null>(null);
  const [categories, setCategories] = useState<AlternativeCategory[] | null>(null);
  const [categoryId, setCategoryId] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ alternatives: Alternative[] }>(`/admin/alternatives/${encodeURIComponent(asin)}`, { signal: controller.signal })
      .then((body) => {
        setAlternatives(body.alternatives);
        setLoadError(null);
      })
      .catch((caught: unknown) => {
        if (!isAbort(caught)) setLoadError(errorMessage(caught, ALTERNATIVE_MESSAGES.loadFailed));
      });
    return () => controller.abort();
  }, [asin, reloads]);

  // The groups are needed only once the panel is opened.
  useEffect(() => {
    if (!expanded || categories !== null) return;
    const controller = new AbortController();
    api
      .get<{ categories: AlternativeCategory[] }>('/admin/alternative-categories', { signal: controller.signal })
      .then((body) => {
        setCategories(body.categories);
        // Preselect a group of the component's type, one with alternatives when there is one.
        const { matching } = orderCategoriesFor(body.categories, componentType);
        const preferred = matching.find((category) => category.alternatives_count > 0) ?? matching[0];
        if (preferred) setCategoryId(String(preferred.id));
      })
      .catch((caught: unknown) => {
        if (!isAbort(caught)) setNotice({ tone: 'error', text: errorMessage(caught, ALTERNATIVE_MESSAGES.categoriesFailed) });
      });
    return () => controller.abort();
  }, [expanded, categories, componentType]);

  const reload = () => setReloads((count) => count + 1);

  async function add() {
    if (busy) return;
    const result = draftToFields(draft);
    if (!result.ok) return setNotice({ tone: 'error', text: result.message });
    setBusy('add');
    setNotice(null);
    try {
      await api.post('/admin/alternatives', { originalAsin: asin, ...result.fields });
      setDraft(EMPTY_DRAFT);
      setNotice({ tone: 'success', text: ALTERNATIVE_MESSAGES.added });
    } catch (caught) {
      setNotice({ tone: 'error', text: errorMessage(caught, ALTERNATIVE_MESSAGES.addFailed) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function saveEdit() {
    if (!editing || busy) return;
    const result = draftToFields(editing.draft);
    if (!result.ok) return setNotice({ tone: 'error', text: result.message });
    setBusy(`edit-${editing.id}`);
    setNotice(null);
    try {
      await api.put(`/admin/alternatives/${editing.id}`, result.fields);
      setEditing(null);
    } catch (caught) {
      setNotice({ tone: 'error', text: errorMessage(caught, ALTERNATIVE_MESSAGES.updateFailed) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function remove(alternative: Alternative) {
    if (busy || !window.confirm(ALTERNATIVE_MESSAGES.deleteConfirm)) return;
    setBusy(`delete-${alternative.id}`);
    setNotice(null);
    try {
      await api.delete(`/admin/alternatives/${alternative.id}`);
      if (editing?.id === alternative.id) setEditing(null);
    } catch (caught) {
      setNotice({ tone: 'error', text: errorMessage(caught, ALTERNATIVE_MESSAGES.deleteFailed) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  async function addGroup() {
    if (busy || !categoryId) return;
    setBusy('group');
    setNotice(null);
    try {
      const { alternatives: members } = await api.get<{ alternatives: Alternative[] }>(`/admin/alternative-categories/${encodeURIComponent(categoryId)}/alternatives`);
      if (members.length === 0) {
        setNotice({ tone: 'info', text: ALTERNATIVE_MESSAGES.groupEmpty });
        return;
      }
      let added = 0;
      // One at a time, in the group's order: a 409 (added meanwhile elsewhere) is skipped like a known one.
      for (const member of groupMembersToAdd(members, alternatives ?? [], asin)) {
        try {
          await api.post('/admin/alternatives', { originalAsin: asin, ...memberToFields(member) });
          added += 1;
        } catch (caught) {
          if (!(caught instanceof ApiError && caught.status === 409)) throw caught;
        }
      }
      setNotice({ tone: 'success', text: groupAddedMessage(added) });
    } catch (caught) {
      setNotice({ tone: 'error', text: errorMessage(caught, ALTERNATIVE_MESSAGES.groupFailed) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  const count = alternatives === null ? '…' : String(alternatives.length);
  const grouped = categories ? orderCategoriesFor(categories, componentType) : null;
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
                  <AlternativeFields
                    idPrefix={`${ids}-edit-${alternative.id}`}
                    legend={`Modifica alternativa ${alternative.alternative_name}`}
                    draft={editing.draft}
                    onChange={(next) => setEditing({ id: alternative.id, draft: next })}
                    onSubmit={() => void saveEdit()}
                  >
                    <button type="button" onClick={() => void saveEdit()} disabled={busy !== null} className={buttonClass}>
                      {busy === `edit-${alternative.id}` ? 'Salvataggio...' : 'Salva'}
                    </button>
                    <button type="button" onClick={() => setEditing(null)} disabled={busy !== null} className={secondaryButtonClass}>
                      Annulla
                    </button>
                  </AlternativeFields>
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 flex-1 basis-56">
                      <p className="font-medium break-words" data-testid="alternative-name">
                        {alternative.alternative_name}
                      </p>
                      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                        <span>
                          ASIN: <span className="font-mono" data-testid="alternative-asin">{alternative.alternative_asin}</span>
                        </span>
                        <span>
                          Prezzo: <span data-testid="alternative-price">{formatPrice(alternative.alternative_price)}</span>
                        </span>
                        <span>
                          Priorità: <span data-testid="alternative-priority">{alternative.priority}</span>
                        </span>
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <button
                        type="button"
                        onClick={() => {
                          setNotice(null);
                          setEditing({ id: alternative.id, draft: alternativeToDraft(alternative) });
                        }}
                        disabled={busy !== null}
                        className={secondaryButtonClass}
                      >
                        Modifica<span className="sr-only"> {alternative.alternative_name}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => void remove(alternative)}
                        disabled={busy !== null}
                        className="inline-flex items-center justify-center rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                      >
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

        <AlternativeFields idPrefix={`${ids}-add`} legend="Aggiungi alternativa" draft={draft} onChange={setDraft} onSubmit={() => void add()} testId="alternative-add">
          <button type="button" onClick={() => void add()} disabled={busy !== null} className={buttonClass}>
            {busy === 'add' ? 'Aggiunta...' : 'Aggiungi alternativa'}
          </button>
        </AlternativeFields>

        <div role="group" aria-labelledby={`${ids}-group-title`} className="space-y-2" data-testid="alternative-group-add">
          <h3 id={`${ids}-group-title`} className="text-sm font-semibold">
            Aggiungi un gruppo di alternative
          </h3>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${ids}-group`} className="mb-1 block text-sm font-medium">
                Gruppo
              </label>
              <select id={`${ids}-group`} value={categoryId} onChange={(event) => setCategoryId(event.target.value)} disabled={grouped === null} className={inputClass}>
                <option value="">{grouped === null ? 'Caricamento dei gruppi...' : 'Scegli un gruppo'}</option>
                {grouped && grouped.matching.length > 0 && (
                  <optgroup label={`Gruppi per ${componentType}`}>
                    {grouped.matching.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name} ({category.alternatives_count})
                      </option>
                    ))}
                  </optgroup>
                )}
                {grouped && grouped.others.length > 0 && (
                  <optgroup label={grouped.matching.length > 0 ? 'Altri gruppi' : 'Tutti i gruppi'}>
                    {grouped.others.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name} ({category.alternatives_count})
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            </div>
            <button type="button" onClick={() => void addGroup()} disabled={busy !== null || !categoryId} className={secondaryButtonClass}>
              {busy === 'group' ? 'Aggiunta del gruppo...' : 'Aggiungi gruppo'}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function AlternativeFields({
  idPrefix,
  legend,
  draft,
  onChange,
  onSubmit,
  testId,
  children,
}: {
  idPrefix: string;
  legend: string;
  draft: AlternativeDraft;
  onChange: (draft: AlternativeDraft) => void;
  onSubmit: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const set = (field: keyof AlternativeDraft) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...draft, [field]: field === 'asin' ? asinInput(event.target.value) : event.target.value });
  return (
    <div role="group" aria-labelledby={`${idPrefix}-legend`} onKeyDown={runOnEnter(onSubmit)} className="space-y-3" data-testid={testId}>
      <h3 id={`${idPrefix}-legend`} className="text-sm font-semibold">
        {legend}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-asin`} className="mb-1 block text-sm font-medium">
            ASIN
          </label>
          <input
            id={`${idPrefix}-asin`}
            value={draft.asin}
            onChange={set('asin')}
            maxLength={ASIN_MAX_LENGTH}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono uppercase`}
          />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-name`} className="mb-1 block text-sm font-medium">
            Nome prodotto
          </label>
          <input id={`${idPrefix}-name`} value={draft.name} onChange={set('name')} autoComplete="off" className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-price`} className="mb-1 block text-sm font-medium">
            Prezzo (€)
          </label>
          <input id={`${idPrefix}-price`} type="number" inputMode="decimal" min={0} step={0.01} value={draft.price} onChange={set('price')} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-priority`} className="mb-1 block text-sm font-medium">
            Priorità ({PRIORITY_MIN}-{PRIORITY_MAX})
          </label>
          <input
            id={`${idPrefix}-priority`}
            type="number"
            inputMode="numeric"
            min={PRIORITY_MIN}
            max={PRIORITY_MAX}
            step={1}
            value={draft.priority}
            onChange={set('priority')}
            className={inputClass}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** Right column of the manager: the selected category and its alternatives by priority (1 first). */
import type { Ref } from 'react';
import { formatPrice } from '../../../common/format';
import { AdminSpinner, buttonClass, cardClass } from '../ui';
import { type Alternative, type AlternativeCategoryDetail, MAX_PRIORITY, MIN_PRIORITY } from './alternatives-api';
import { dangerButtonClass, smallButtonClass } from './styles';

export const PANEL_HEADING_ID = 'alternative-category-heading';

/** Up raises the rank (priority number - 1), down lowers it (+ 1): spec section 4. */
export type MoveDirection = 'up' | 'down';

/** The arrow of one alternative, for giving focus back after a move re-orders the list. */
export function moveButton(alternativeId: number, direction: MoveDirection): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-alternative-id="${alternativeId}"] [data-move="${direction}"]`);
}

interface CategoryPanelProps {
  /** Nothing selected: the hint; selected but not loaded yet: a spinner. */
  selectedId: number | null;
  category: AlternativeCategoryDetail | null;
  /** The alternative whose change is being saved: its buttons are disabled meanwhile. */
  busyAlternativeId: number | null;
  panelRef: Ref<HTMLElement>;
  onAdd(): void;
  onEdit(alternative: Alternative): void;
  onDelete(alternative: Alternative): void;
  onMove(alternative: Alternative, direction: MoveDirection): void;
}

export function CategoryPanel({ selectedId, category, busyAlternativeId, panelRef, onAdd, onEdit, onDelete, onMove }: CategoryPanelProps) {
  const loaded = selectedId !== null && category?.id === selectedId ? category : null;
  return (
    <section ref={panelRef} aria-label="Alternative della categoria" className={`${cardClass} min-w-0 scroll-mt-4`} data-testid="category-panel">
      {selectedId === null ? (
        <p className="py-10 text-center text-slate-700 dark:text-slate-300">Seleziona una categoria per gestire le alternative</p>
      ) : loaded === null ? (
        <AdminSpinner label="Caricamento alternative..." />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 id={PANEL_HEADING_ID} tabIndex={-1} className="text-xl font-semibold break-words focus:outline-none" data-testid="panel-name">
                {loaded.name}
              </h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Tipo di componente: <span data-testid="panel-type">{loaded.component_type ?? 'Nessun tipo'}</span>
              </p>
              {loaded.description && (
                <p className="mt-2 text-slate-800 dark:text-slate-200" data-testid="panel-description">
                  {loaded.description}
                </p>
              )}
            </div>
            <button type="button" className={`${buttonClass} shrink-0`} onClick={onAdd}>
              Nuova Alternativa
            </button>
          </div>
          {loaded.alternatives.length === 0 ? (
            <div className="mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
              <p className="text-slate-700 dark:text-slate-300">Nessuna alternativa configurata per questa categoria.</p>
              <button
                type="button"
                onClick={onAdd}
                className="mt-2 font-semibold text-violet-800 underline hover:text-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-violet-300 dark:hover:text-violet-200"
              >
                Aggiungi la prima alternativa
              </button>
            </div>
          ) : (
            <ol className="mt-6 space-y-3" aria-label="Alternative per priorità" data-testid="alternatives-list">
              {loaded.alternatives.map((alternative) => (
                <AlternativeRow
                  key={alternative.id}
                  alternative={alternative}
                  busy={alternative.id === busyAlternativeId}
                  onEdit={() => onEdit(alternative)}
                  onDelete={() => onDelete(alternative)}
                  onMove={(direction) => onMove(alternative, direction)}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

interface AlternativeRowProps {
  alternative: Alternative;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onMove(direction: MoveDirection): void;
}

function AlternativeRow({ alternative, busy, onEdit, onDelete, onMove }: AlternativeRowProps) {
  const name = alternative.alternative_name;
  return (
    <li
      data-testid="alternative-row"
      data-alternative-id={alternative.id}
      aria-busy={busy || undefined}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words" data-testid="alternative-name">
          {name}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <div>
            <dt className="inline">ASIN: </dt>
            <dd className="inline font-mono" data-testid="alternative-asin">
              {alternative.alternative_asin}
            </dd>
          </div>
          <div>
            <dt className="inline">Prezzo: </dt>
            <dd className="inline" data-testid="alternative-price">
              {formatPrice(alternative.alternative_price)}
            </dd>
          </div>
          <div>
            <dt className="inline">Priorità: </dt>
            <dd className="inline font-semibold" data-testid="alternative-priority">
              {alternative.priority}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button
          type="button"
          data-move="up"
          className={`${smallButtonClass} min-w-9`}
          disabled={busy || alternative.priority <= MIN_PRIORITY}
          onClick={() => onMove('up')}
          aria-label={`Alza la priorità di ${name}`}
          title="Alza la priorità"
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          data-move="down"
          className={`${smallButtonClass} min-w-9`}
          disabled={busy || alternative.priority >= MAX_PRIORITY}
          onClick={() => onMove('down')}
          aria-label={`Abbassa la priorità di ${name}`}
          title="Abbassa la priorità"
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className={smallButtonClass} disabled={busy} onClick={onEdit}>
          Modifica<span className="sr-only"> {name}</span>
        </button>
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={onDelete}>
          Elimina<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

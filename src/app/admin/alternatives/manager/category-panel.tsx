/** Right column of the manager: the selected category and its alternatives by priority (1 first). */
import type { Ref } from 'react';
import type { Alternative, AlternativeCategoryDetail } from '../../../../modules/alternatives';
import { AdminSpinner, buttonClass, cardClass } from '../../ui';
import { steppedPriority } from '../alternative-form';
import { AlternativeSummary } from '../alternative-summary';
import { dangerButtonClass, smallButtonClass } from '../styles';

export const PANEL_HEADING_ID = 'alternative-category-heading';

/** Up raises the rank (priority number - 1), down lowers it (+ 1): product spec, "States and transitions". */
export type MoveDirection = 'up' | 'down';

export const STEP: Record<MoveDirection, -1 | 1> = { up: -1, down: 1 };

const MOVES = [
  { direction: 'up', verb: 'Alza', arrow: '↑' },
  { direction: 'down', verb: 'Abbassa', arrow: '↓' },
] as const;

/** The arrow of one alternative, for giving focus back after a move re-orders the list. */
export function moveButton(alternativeId: number, direction: MoveDirection): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-alternative-id="${alternativeId}"] [data-move="${direction}"]`);
}

interface CategoryPanelProps {
  /** Nothing selected: the hint. */
  selectedId: number | null;
  /** The selected category is on its way (the router is loading it): a spinner. */
  loading: boolean;
  /** null when it could not be loaded (gone, or a failure the screen shows above): the hint again. */
  category: AlternativeCategoryDetail | null;
  /** The alternative whose change is being saved. */
  busyAlternativeId: number | null;
  /** A change is being saved: one at a time, the row buttons wait. */
  locked: boolean;
  panelRef: Ref<HTMLElement>;
  onAdd: () => void;
  onEdit: (alternative: Alternative) => void;
  onDelete: (alternative: Alternative) => void;
  onMove: (alternative: Alternative, direction: MoveDirection) => void;
}

export function CategoryPanel({ selectedId, loading, category, busyAlternativeId, locked, panelRef, onAdd, onEdit, onDelete, onMove }: CategoryPanelProps) {
  const loaded = selectedId !== null && category?.id === selectedId ? category : null;
  return (
    <section ref={panelRef} aria-label="Alternative della categoria" className={`${cardClass} min-w-0 scroll-mt-4`} data-testid="category-panel">
      {selectedId !== null && loading ? (
        <AdminSpinner label="Caricamento alternative..." />
      ) : loaded === null ? (
        <p className="py-10 text-center text-slate-700 dark:text-slate-300">Seleziona una categoria per gestire le alternative</p>
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
                  locked={locked}
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
  locked: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (direction: MoveDirection) => void;
}

function AlternativeRow({ alternative, busy, locked, onEdit, onDelete, onMove }: AlternativeRowProps) {
  const name = alternative.alternative_name;
  return (
    <li
      data-testid="alternative-row"
      data-alternative-id={alternative.id}
      aria-busy={busy || undefined}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <AlternativeSummary alternative={alternative} />
      <div className="flex shrink-0 flex-wrap gap-2">
        {MOVES.map(({ direction, verb, arrow }) => (
          <button
            key={direction}
            type="button"
            data-move={direction}
            className={`${smallButtonClass} min-w-9`}
            disabled={locked || steppedPriority(alternative.priority, STEP[direction]) === null}
            onClick={() => onMove(direction)}
            aria-label={`${verb} la priorità di ${name}`}
            title={`${verb} la priorità`}
          >
            <span aria-hidden="true">{arrow}</span>
          </button>
        ))}
        <button type="button" className={smallButtonClass} disabled={locked} onClick={onEdit}>
          Modifica<span className="sr-only"> {name}</span>
        </button>
        <button type="button" className={dangerButtonClass} disabled={locked} onClick={onDelete}>
          Elimina<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

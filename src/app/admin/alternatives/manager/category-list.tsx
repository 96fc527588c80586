/** Left column of the manager: the categories (groups) with their type and number of alternatives. */
import { formatCount } from '../../../../common/format';
import { buttonClass, cardClass } from '../../ui';
import type { AlternativeCategory } from '../../../../modules/alternatives';
import { dangerButtonClass, smallButtonClass } from '../styles';

export const CATEGORIES_HEADING_ID = 'alternative-categories-heading';

function alternativesCountLabel(count: number): string {
  return count === 1 ? '1 alternativa' : `${formatCount(count)} alternative`;
}

interface CategoryListProps {
  /** null: the list could not be loaded (the screen says why above). */
  categories: AlternativeCategory[] | null;
  selectedId: number | null;
  /** The category being deleted: 'Eliminazione...' on its button. */
  busyId: number | null;
  /** A change is being saved: one at a time, the row buttons wait. */
  locked: boolean;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onEdit: (category: AlternativeCategory) => void;
  onDelete: (category: AlternativeCategory) => void;
}

export function CategoryList({ categories, selectedId, busyId, locked, onSelect, onCreate, onEdit, onDelete }: CategoryListProps) {
  return (
    <section aria-labelledby={CATEGORIES_HEADING_ID} className={cardClass} data-testid="category-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={CATEGORIES_HEADING_ID} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Categorie
        </h2>
        <button type="button" className={buttonClass} onClick={onCreate}>
          Nuova Categoria
        </button>
      </div>
      {categories === null ? null : categories.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">Nessuna categoria. Crea la prima con “Nuova Categoria”.</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {categories.map((category) => {
            const selected = category.id === selectedId;
            const busy = category.id === busyId;
            return (
              <li
                key={category.id}
                aria-busy={busy || undefined}
                data-testid="category-item"
                data-category-id={category.id}
                // The hover colour is the whole card's (the select button paints no background of its own, in
                // either theme), so a card never shows two backgrounds at once; a selected card has none.
                className={`rounded-lg border ${selected ? 'border-violet-600 bg-violet-50 dark:border-violet-400 dark:bg-violet-950' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60'}`}
              >
                <button
                  type="button"
                  onClick={() => onSelect(category.id)}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="category-select"
                  className="block w-full rounded-t-lg px-3 pt-3 pb-2 text-left hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500"
                >
                  <span className="block font-semibold break-words">{category.name}</span>
                  <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                    <span data-testid="category-type">{category.component_type ?? 'Nessun tipo'}</span>
                    {' · '}
                    <span data-testid="category-count">{alternativesCountLabel(category.alternatives_count)}</span>
                  </span>
                </button>
                <div className="flex gap-2 px-3 pb-3">
                  <button type="button" className={smallButtonClass} disabled={locked} onClick={() => onEdit(category)}>
                    Modifica<span className="sr-only"> categoria {category.name}</span>
                  </button>
                  <button type="button" className={dangerButtonClass} disabled={locked} onClick={() => onDelete(category)}>
                    {busy ? 'Eliminazione...' : 'Elimina'}
                    <span className="sr-only"> categoria {category.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * /admin/alternatives: the alternatives manager (spec sections 2, 4, 5, 8). Categories (groups) on the
 * left, the selected one's alternatives by priority on the right, modals to create and edit both.
 * Failures are logged, as the spec has it, and also shown: the server's message or an Italian fallback.
 */
import { useCallback, useRef, useState } from 'react';
import { AlternativeDialog } from '../../admin/alternatives-manager/alternative-dialog';
import {
  type Alternative,
  type AlternativeCategory,
  type AlternativeValues,
  type CategoryValues,
  alternativesApi,
  alternativeValues,
  describeFailure,
  MAX_PRIORITY,
  MIN_PRIORITY,
} from '../../admin/alternatives-manager/alternatives-api';
import { CategoryDialog } from '../../admin/alternatives-manager/category-dialog';
import { CATEGORIES_HEADING_ID, CategoryList } from '../../admin/alternatives-manager/category-list';
import { CategoryPanel, type MoveDirection, moveButton, PANEL_HEADING_ID } from '../../admin/alternatives-manager/category-panel';
import { useAfterRender } from '../../admin/alternatives-manager/use-after-render';
import { useCategoriesData } from '../../admin/alternatives-manager/use-categories-data';
import { adminMeta, Notice } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/alternatives';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Alternative', siteFromMatches(matches).siteName);
}

const CONFIRM_DELETE_CATEGORY = 'Sei sicuro di voler eliminare questa categoria? Verranno eliminate anche tutte le alternative.';
const CONFIRM_DELETE_ALTERNATIVE = 'Sei sicuro di voler eliminare questa alternativa?';

type OpenDialog =
  | { kind: 'category'; category?: AlternativeCategory }
  /** The category is fixed when the dialog opens: a save goes there even if the page changes meanwhile. */
  | { kind: 'alternative'; categoryId: number; categoryName: string; alternative?: Alternative }
  | null;

interface PageNotice {
  tone: 'success' | 'error';
  text: string;
  /** Loading failed: offer to try again. */
  retry?: boolean;
}

const byId = (id: string) => () => document.getElementById(id);

export default function AdminAlternatives() {
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const showLoadError = useCallback((text: string) => setNotice({ tone: 'error', text, retry: true }), []);
  const { categories, selectedId, detail, select, refresh } = useCategoriesData(showLoadError);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyCategoryId, setBusyCategoryId] = useState<number | null>(null);
  const [busyAlternativeId, setBusyAlternativeId] = useState<number | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const afterRender = useAfterRender();

  const closeDialog = () => setDialog(null);
  // When a dialog's opener has gone (deleted, or the empty state replaced by the list), focus lands here.
  const focusPanelOrList = () => byId(PANEL_HEADING_ID)() ?? byId(CATEGORIES_HEADING_ID)();

  function selectCategory(id: number) {
    select(id);
    // At phone width the panel sits under the list: bring it into view.
    afterRender(() => {
      const panel = panelRef.current;
      if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.75) panel.scrollIntoView({ block: 'start' });
    });
  }

  /** Runs a save of a dialog: on success the lists are reloaded before it closes; on failure it stays open. */
  async function saveFromDialog<T>(save: () => Promise<T>, success: string): Promise<T> {
    let saved: T;
    try {
      saved = await save();
    } catch (error) {
      // The page may be stale (e.g. the category was deleted elsewhere): show the server's state too.
      void refresh();
      throw error;
    }
    await refresh();
    setNotice({ tone: 'success', text: success });
    setDialog(null);
    return saved;
  }

  async function saveCategory(values: CategoryValues, category?: AlternativeCategory) {
    if (category) {
      await saveFromDialog(() => alternativesApi.updateCategory(category.id, values), 'Categoria aggiornata con successo!');
    } else {
      const created = await saveFromDialog(() => alternativesApi.createCategory(values), 'Categoria creata con successo!');
      selectCategory(created.id);
    }
  }

  async function saveAlternative(values: AlternativeValues, categoryId: number, alternative?: Alternative) {
    if (alternative) await saveFromDialog(() => alternativesApi.updateAlternative(alternative.id, values), 'Alternativa aggiornata con successo!');
    else await saveFromDialog(() => alternativesApi.addAlternative(categoryId, values), 'Alternativa aggiunta con successo!');
  }

  async function deleteCategory(category: AlternativeCategory) {
    if (!window.confirm(CONFIRM_DELETE_CATEGORY)) return;
    setNotice(null);
    setBusyCategoryId(category.id);
    try {
      await alternativesApi.deleteCategory(category.id);
      if (selectedId === category.id) select(null);
      setNotice({ tone: 'success', text: `Categoria "${category.name}" eliminata.` });
    } catch (error) {
      setNotice({ tone: 'error', text: describeFailure(error, "Errore nell'eliminazione della categoria") });
    }
    await refresh();
    setBusyCategoryId(null);
    afterRender(() => byId(CATEGORIES_HEADING_ID)()?.focus());
  }

  async function deleteAlternative(alternative: Alternative) {
    if (!window.confirm(CONFIRM_DELETE_ALTERNATIVE)) return;
    setNotice(null);
    setBusyAlternativeId(alternative.id);
    try {
      await alternativesApi.deleteAlternative(alternative.id);
      setNotice({ tone: 'success', text: 'Alternativa eliminata.' });
    } catch (error) {
      setNotice({ tone: 'error', text: describeFailure(error, "Errore nell'eliminazione dell'alternativa") });
    }
    await refresh();
    setBusyAlternativeId(null);
    afterRender(() => focusPanelOrList()?.focus());
  }

  /** Spec section 4: up lowers the number (not below 1), down raises it (not above 5); the whole alternative is sent. */
  async function moveAlternative(alternative: Alternative, direction: MoveDirection) {
    const priority = alternative.priority + (direction === 'up' ? -1 : 1);
    if (priority < MIN_PRIORITY || priority > MAX_PRIORITY) return;
    setNotice(null);
    setBusyAlternativeId(alternative.id);
    try {
      await alternativesApi.updateAlternative(alternative.id, alternativeValues(alternative, priority));
      setNotice({ tone: 'success', text: `Priorità di "${alternative.alternative_name}" impostata a ${priority}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: describeFailure(error, "Errore nell'aggiornamento della priorità") });
    }
    await refresh();
    setBusyAlternativeId(null);
    // The row may have moved and the arrow used may now be disabled (at 1 or 5): focus the one still usable.
    afterRender(() => {
      const same = moveButton(alternative.id, direction);
      const other = moveButton(alternative.id, direction === 'up' ? 'down' : 'up');
      (same && !same.disabled ? same : other && !other.disabled ? other : focusPanelOrList())?.focus();
    });
  }

  const openAlternativeDialog = (alternative?: Alternative) => {
    if (detail) setDialog({ kind: 'alternative', categoryId: detail.id, categoryName: detail.name, alternative });
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Gestione Alternative Componenti</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Gruppi di prodotti sostitutivi per tipo di componente, in ordine di priorità (1 è la più alta).</p>
      </div>
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} testId="alternatives-notice">
          {notice.text}
          {notice.retry && (
            <button
              type="button"
              onClick={() => {
                setNotice(null);
                void refresh();
              }}
              className="ml-2 font-semibold underline focus-visible:outline-2 focus-visible:outline-current"
            >
              Riprova
            </button>
          )}
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <CategoryList
          categories={categories}
          selectedId={selectedId}
          busyId={busyCategoryId}
          onSelect={selectCategory}
          onCreate={() => setDialog({ kind: 'category' })}
          onEdit={(category) => setDialog({ kind: 'category', category })}
          onDelete={(category) => void deleteCategory(category)}
        />
        <CategoryPanel
          selectedId={selectedId}
          category={detail}
          busyAlternativeId={busyAlternativeId}
          panelRef={panelRef}
          onAdd={() => openAlternativeDialog()}
          onEdit={(alternative) => openAlternativeDialog(alternative)}
          onDelete={(alternative) => void deleteAlternative(alternative)}
          onMove={(alternative, direction) => void moveAlternative(alternative, direction)}
        />
      </div>
      {dialog?.kind === 'category' && (
        <CategoryDialog category={dialog.category} onSave={(values) => saveCategory(values, dialog.category)} onClose={closeDialog} fallbackFocus={byId(CATEGORIES_HEADING_ID)} />
      )}
      {dialog?.kind === 'alternative' && (
        <AlternativeDialog
          categoryName={dialog.categoryName}
          alternative={dialog.alternative}
          onSave={(values) => saveAlternative(values, dialog.categoryId, dialog.alternative)}
          onClose={closeDialog}
          fallbackFocus={focusPanelOrList}
        />
      )}
    </div>
  );
}

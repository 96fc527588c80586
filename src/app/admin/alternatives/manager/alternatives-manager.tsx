/**
 * The alternatives manager screen (product spec, "Screens and routes", "States and transitions", "Validation rules",
 * "Error catalogue"): categories (groups) on the left, the selected one's alternatives by priority on the right,
 * modals to create and edit both. Data comes from the route's loader (the selection is the URL's `?gruppo=`), writes
 * go through its action; after each write the router reloads both columns, so what is shown (counts included) is what
 * the server holds. Failures are logged, as the spec has it, and also shown: the server's message or an Italian
 * fallback.
 */
import { useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { paths } from '../../../../common/paths';
import type { Alternative, AlternativeCategory } from '../../../../modules/alternatives';
import { Notice } from '../../ui';
import { alternativeToDraft, draftForm, steppedPriority } from '../alternative-form';
import { formId, formOf, formText } from '../../form-data';
import { ALTERNATIVE_MESSAGES } from '../alternative-messages';
import { useFetcherResult } from '../../use-fetcher-result';
import { AlternativeDialog } from './alternative-dialog';
import { CategoryDialog } from './category-dialog';
import { CATEGORIES_HEADING_ID, CategoryList } from './category-list';
import { CategoryPanel, type MoveDirection, moveButton, PANEL_HEADING_ID, STEP } from './category-panel';
import { deletedSelectedCategory, type ManagerData, type ManagerResult, type SavedResult, selectedCategoryId, selectionSearch } from './manager-data';

type OpenDialog =
  | { kind: 'category'; category?: AlternativeCategory }
  | { kind: 'alternative'; categoryId: number; categoryName: string; alternative?: Alternative }
  | null;

interface PageNotice {
  tone: 'success' | 'error';
  text: string;
  /** The loader data on screen when it was set: a newer load that failed takes its place. */
  shownWith: ManagerData;
}

const byId = (id: string) => document.getElementById(id);
// When a dialog's opener has gone (deleted, or the empty state replaced by the list), focus lands here.
const panelOrList = () => byId(PANEL_HEADING_ID) ?? byId(CATEGORIES_HEADING_ID);
const selectionUrl = (categoryId: number | null) => `${paths.admin.alternatives()}${selectionSearch(categoryId)}`;

export function AlternativesManager({ data }: { data: ManagerData }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The row buttons' writes (deletions, priority arrows): one at a time.
  const rows = useFetcher<ManagerResult>();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const [dismissedLoad, setDismissedLoad] = useState<ManagerData | null>(null);
  const lastMove = useRef<{ id: number; direction: MoveDirection } | null>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Another category on its way: the list marks it at once, the panel shows a spinner until it arrives.
  const pendingSelection = navigation.state === 'loading' && navigation.location.pathname === location.pathname ? selectedCategoryId(navigation.location.search) : undefined;
  const selectedId = pendingSelection === undefined ? data.selectedId : pendingSelection;
  const detailLoading = pendingSelection !== undefined && pendingSelection !== data.selectedId;

  const rowsBusy = rows.state !== 'idle';
  const pendingRow = rowsBusy ? rows.formData : undefined;
  const busyIntent = pendingRow ? formText(pendingRow, 'intent') : null;
  const busyId = pendingRow ? formId(pendingRow, 'id') : null;

  const loadError = dismissedLoad === data ? null : (data.listError ?? data.detailError);
  const shownNotice = notice && (notice.shownWith === data || loadError === null) ? notice : null;

  function selectCategory(id: number) {
    void navigate(selectionUrl(id), { preventScrollReset: true });
    // At phone width the panel sits under the list: bring it into view.
    const panel = panelRef.current;
    if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.75) panel.scrollIntoView({ block: 'start' });
  }

  function submitRow(form: FormData) {
    setNotice(null);
    void rows.submit(form, { method: 'post' });
  }

  useFetcherResult(rows, (result) => {
    setNotice({ tone: result.ok ? 'success' : 'error', text: result.ok ? result.notice : result.error, shownWith: data });
    if (result.intent === 'delete-category') {
      // The route did not reload the page for the category that has gone (shouldRevalidate): leave it.
      if (deletedSelectedCategory(result, location.search)) void navigate(selectionUrl(null), { replace: true, preventScrollReset: true });
      byId(CATEGORIES_HEADING_ID)?.focus();
    } else if (result.intent === 'delete-alternative') {
      panelOrList()?.focus();
    } else if (result.intent === 'move-alternative' && lastMove.current) {
      // The row may have moved and the arrow used may now be disabled (at 1 or 5): focus the one still usable.
      const { id, direction } = lastMove.current;
      const same = moveButton(id, direction);
      const other = moveButton(id, direction === 'up' ? 'down' : 'up');
      (same && !same.disabled ? same : other && !other.disabled ? other : panelOrList())?.focus();
    }
  }, { answerAtMount: 'ignore' });

  function dialogSaved(result: SavedResult) {
    setNotice({ tone: 'success', text: result.notice, shownWith: data });
    setDialog(null);
    if (result.intent === 'create-category') selectCategory(result.id);
  }

  function deleteCategory(category: AlternativeCategory) {
    if (window.confirm(ALTERNATIVE_MESSAGES.categoryDeleteConfirm)) submitRow(formOf({ intent: 'delete-category', id: String(category.id), name: category.name }));
  }

  function deleteAlternative(alternative: Alternative) {
    if (window.confirm(ALTERNATIVE_MESSAGES.deleteConfirm)) submitRow(formOf({ intent: 'delete-alternative', id: String(alternative.id) }));
  }

  /**
   * Product spec, "States and transitions": up lowers the number (not below 1), down raises it (not above 5); the
   * whole alternative is sent.
   */
  function moveAlternative(alternative: Alternative, direction: MoveDirection) {
    const priority = steppedPriority(alternative.priority, STEP[direction]);
    if (priority === null) return;
    lastMove.current = { id: alternative.id, direction };
    submitRow(draftForm({ ...alternativeToDraft(alternative), priority: String(priority) }, { intent: 'move-alternative', id: String(alternative.id) }));
  }

  const detail = data.detail;
  const openAlternativeDialog = (alternative?: Alternative) => {
    if (detail) setDialog({ kind: 'alternative', categoryId: detail.id, categoryName: detail.name, alternative });
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Gestione Alternative Componenti</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Gruppi di prodotti sostitutivi per tipo di componente, in ordine di priorità (1 è la più alta).</p>
      </div>
      {shownNotice ? (
        <Notice tone={shownNotice.tone} onDismiss={() => setNotice(null)} testId="alternatives-notice">
          {shownNotice.text}
        </Notice>
      ) : (
        loadError && (
          <Notice tone="error" onDismiss={() => setDismissedLoad(data)} testId="alternatives-notice">
            {loadError}
            <button
              type="button"
              onClick={() => void revalidator.revalidate()}
              disabled={revalidator.state === 'loading'}
              className="ml-2 font-semibold underline focus-visible:outline-2 focus-visible:outline-current"
            >
              Riprova
            </button>
          </Notice>
        )
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <CategoryList
          categories={data.categories}
          selectedId={selectedId}
          busyId={busyIntent === 'delete-category' ? busyId : null}
          locked={rowsBusy}
          onSelect={selectCategory}
          onCreate={() => setDialog({ kind: 'category' })}
          onEdit={(category) => setDialog({ kind: 'category', category })}
          onDelete={deleteCategory}
        />
        <CategoryPanel
          selectedId={selectedId}
          loading={detailLoading}
          category={detail}
          busyAlternativeId={busyIntent === 'delete-alternative' || busyIntent === 'move-alternative' ? busyId : null}
          locked={rowsBusy}
          panelRef={panelRef}
          onAdd={() => openAlternativeDialog()}
          onEdit={(alternative) => openAlternativeDialog(alternative)}
          onDelete={deleteAlternative}
          onMove={moveAlternative}
        />
      </div>
      {dialog?.kind === 'category' && (
        <CategoryDialog category={dialog.category} onSaved={dialogSaved} onClose={() => setDialog(null)} fallbackFocus={() => byId(CATEGORIES_HEADING_ID)} />
      )}
      {dialog?.kind === 'alternative' && (
        <AlternativeDialog
          categoryId={dialog.categoryId}
          categoryName={dialog.categoryName}
          alternative={dialog.alternative}
          onSaved={dialogSaved}
          onClose={() => setDialog(null)}
          fallbackFocus={panelOrList}
        />
      )}
    </div>
  );
}

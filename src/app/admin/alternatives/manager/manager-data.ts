/**
 * Data of the alternatives manager (/admin/alternatives; product spec, "Screens and routes",
 * "States and transitions", "Validation rules", "Error catalogue"): what the route's clientLoader reads and what its
 * clientAction writes. The selected category is the URL's `?gruppo=<id>`: back and forward move between categories, a
 * reload shows the same one, and the router drops the answer of a category the author has already left.
 */
import { alternativesApi } from '../../api';
import { draftFromForm, parseAlternative } from '../alternative-form';
import { categoryFromForm, parseCategory } from '../category-form';
import { attempt } from '../failures';
import { ALTERNATIVE_MESSAGES as M, categoryDeletedMessage, priorityChangedMessage } from '../alternative-messages';
import { formId, formText, parseRowId } from '../../form-data';

export const SELECTED_PARAM = 'gruppo';

/** The selected category of a URL's query, or null (none, or not an id). */
export function selectedCategoryId(search: string): number | null {
  return parseRowId(new URLSearchParams(search).get(SELECTED_PARAM));
}

/** The query that selects `categoryId` (none: the empty query). */
export function selectionSearch(categoryId: number | null): string {
  return categoryId === null ? '' : `?${SELECTED_PARAM}=${categoryId}`;
}

const LOG = { log: true } as const;

export async function loadManager(request: Request) {
  const { signal } = request;
  const selectedId = selectedCategoryId(new URL(request.url).search);
  const [list, detail] = await Promise.all([
    attempt(() => alternativesApi.listCategories(signal), M.categoriesLoadFailed, { ...LOG, signal }),
    selectedId === null ? null : attempt(() => alternativesApi.getCategory(selectedId, signal), M.categoryLoadFailed, { ...LOG, signal }),
  ]);
  return {
    selectedId,
    /** null when the list could not be loaded (`loadError` says why). */
    categories: list.ok ? list.value : null,
    listError: list.ok ? null : list.error,
    /** The selected category with its alternatives; null when none is selected or it could not be loaded. */
    detail: detail?.ok ? detail.value : null,
    detailError: detail && !detail.ok ? detail.error : null,
  };
}

export type ManagerData = Awaited<ReturnType<typeof loadManager>>;

export type ManagerResult =
  /** `id`: the category or alternative written (a created category is selected next). */
  | { intent: string; ok: true; notice: string; id: number }
  | { intent: string; ok: false; error: string };

export type SavedResult = Extract<ManagerResult, { ok: true }>;

/**
 * The answer of a write that deleted the category the page shows (`selectedSearch` is the page's query):
 * reloading that page would only ask for what has gone, so the screen leaves for the query without it.
 */
export function deletedSelectedCategory(result: unknown, selectedSearch: string): boolean {
  const selectedId = selectedCategoryId(selectedSearch);
  if (selectedId === null || typeof result !== 'object' || result === null) return false;
  return 'intent' in result && result.intent === 'delete-category' && 'ok' in result && result.ok === true && 'id' in result && result.id === selectedId;
}

/** Runs one write of the manager; every failure is logged and worded, the router then reloads the screen. */
export async function runManagerAction(request: Request): Promise<ManagerResult> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const { signal } = request;
  const fail = (error: string): ManagerResult => ({ intent, ok: false, error });
  /** Runs the call; on success the notice, on failure the server's message or `fallback`. */
  const write = async (call: () => Promise<unknown>, id: number, notice: string, fallback: string): Promise<ManagerResult> => {
    const outcome = await attempt(call, fallback, { ...LOG, signal });
    return outcome.ok ? { intent, ok: true, notice, id } : fail(outcome.error);
  };

  const id = formId(form, 'id');
  switch (intent) {
    case 'create-category':
    case 'update-category': {
      const parsed = parseCategory(categoryFromForm(form));
      if (!parsed.ok) return fail(parsed.message);
      if (intent === 'create-category') {
        const created = await attempt(() => alternativesApi.createCategory(parsed.body, signal), M.categorySaveFailed, { ...LOG, signal });
        return created.ok ? { intent, ok: true, notice: M.categoryCreated, id: created.value.id } : fail(created.error);
      }
      if (id === null) return fail(M.invalidRequest);
      return write(() => alternativesApi.updateCategory(id, parsed.body, signal), id, M.categoryUpdated, M.categorySaveFailed);
    }
    case 'delete-category':
      if (id === null) return fail(M.invalidRequest);
      return write(() => alternativesApi.deleteCategory(id, signal), id, categoryDeletedMessage(formText(form, 'name')), M.categoryDeleteFailed);
    case 'delete-alternative':
      if (id === null) return fail(M.invalidRequest);
      return write(() => alternativesApi.remove(id, signal), id, M.deleted, M.deleteFailed);
    case 'add-alternative':
    case 'update-alternative':
    case 'move-alternative': {
      const parsed = parseAlternative(draftFromForm(form));
      if (!parsed.ok) return fail(parsed.message);
      const { body } = parsed;
      if (id === null) return fail(M.invalidRequest);
      if (intent === 'add-alternative') {
        return write(() => alternativesApi.addToCategory(id, body, signal), id, M.added, M.addFailed);
      }
      if (intent === 'update-alternative') {
        return write(() => alternativesApi.update(id, body, signal), id, M.updated, M.updateFailed);
      }
      // Product spec, "States and transitions": the whole alternative is sent again with its new priority.
      return write(() => alternativesApi.update(id, body, signal), id, priorityChangedMessage(body.alternativeName, body.priority), M.priorityFailed);
    }
    default:
      return fail(M.invalidRequest);
  }
}

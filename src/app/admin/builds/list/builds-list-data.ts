/** What the builds list reads (every build) and its one write (delete), for the route's loader and action. */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { BuildListRow } from '../../../../modules/builds';
import { attempt, buildsApi } from '../../api';
import { formId, formText } from '../../form-data';
import { type BuildCommissions, loadBuildCommissions } from '../../revenue/builds-list-revenue';

export const LOAD_ERROR = 'Errore nel caricamento delle build';
const DELETE_ERROR = "Errore durante l'eliminazione della build";

/** null when the list could not be loaded (the screen offers 'Riprova'). */
export interface BuildListData {
  builds: BuildListRow[] | null;
  /** The last 30 days' commissions by build (decision 045); null when they could not be read. */
  commissions: BuildCommissions | null;
}

export async function loadBuildList(signal: AbortSignal): Promise<BuildListData> {
  const [result, commissions] = await Promise.all([attempt(buildsApi.list(signal)), loadBuildCommissions(signal)]);
  return { builds: result.ok ? result.data : null, commissions };
}

export type DeleteOutcome = { deleted: true; id: number; text: string } | { deleted: false; text: string };

/** The route action: deletes the build named by the form (`id`, and its `title` for the notice). */
export async function deleteBuildAction(request: Request): Promise<DeleteOutcome> {
  const form = await request.formData();
  const id = formId(form, 'id');
  if (formText(form, 'intent') !== 'delete' || id === null) return { deleted: false, text: DELETE_ERROR };
  const result = await attempt(buildsApi.remove(id, request.signal));
  // The spec's text, not the server's: the author only needs to know the build is still there.
  if (!result.ok) return { deleted: false, text: DELETE_ERROR };
  return { deleted: true, id, text: `Build "${formText(form, 'title')}" eliminata.` };
}

function deleteFailed(actionResult: unknown): boolean {
  return typeof actionResult === 'object' && actionResult !== null && 'deleted' in actionResult && actionResult.deleted === false;
}

/**
 * Reload after a delete that went through; not after one that failed (the row stays, as the author saw it),
 * nor when only the query string changed (typing in the filters: the list is filtered here).
 */
export function shouldReloadBuildList({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod) return deleteFailed(actionResult) ? false : defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

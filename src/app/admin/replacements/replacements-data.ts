/** What the replacements screen reads (the open records) and its one write (restore), for the route. */
import type { ReplacementRecord } from '../../../modules/replacements';
import { attempt, errorMessage, replacementsApi } from '../api';
import { formId } from '../form-data';

const LOAD_ERROR = 'Errore nel caricamento delle sostituzioni';
const RESTORE_SUCCESS = 'Componente ripristinato con successo!';
const RESTORE_ERROR = 'Errore nel ripristino del componente';

/** `replacements` null when they could not be loaded; `error` the text of the last failed load. */
export interface ReplacementsData {
  replacements: ReplacementRecord[] | null;
  error: string | null;
}

export async function loadReplacements(signal: AbortSignal): Promise<ReplacementsData> {
  const result = await attempt(replacementsApi.list(signal));
  return result.ok ? { replacements: result.data, error: null } : { replacements: null, error: errorMessage(result.error, LOAD_ERROR) };
}

export type RestoreOutcome = { restored: true; id: number; text: string } | { restored: false; text: string; detail: string | null };

/** The route action: restores the record named by the form's `id`. The list is reloaded either way. */
export async function restoreAction(request: Request): Promise<RestoreOutcome> {
  const id = formId(await request.formData(), 'id');
  if (id === null) return { restored: false, text: RESTORE_ERROR, detail: null };
  const result = await attempt(replacementsApi.restore(id, request.signal));
  // The server says why (already restored, no longer there).
  if (!result.ok) return { restored: false, text: RESTORE_ERROR, detail: errorMessage(result.error, '') || null };
  return { restored: true, id, text: RESTORE_SUCCESS };
}

/**
 * What the synonyms screen reads (the groups) and its writes (add, save, delete), for the route. The server
 * checks every group and says why it refuses one (synonym-rules.ts); its message is shown as it is.
 */
import type { SynonymGroup } from '../../../modules/search/synonyms.schema';
import { attempt, errorMessage, synonymsApi } from '../api';
import { formId, formText } from '../form-data';

const LOAD_ERROR = 'Errore nel caricamento dei sinonimi';
const SAVE_ERROR = 'Errore nel salvataggio del gruppo di sinonimi';
const DELETE_ERROR = "Errore nell'eliminazione del gruppo di sinonimi";

export const SYNONYM_INTENT = { create: 'create', update: 'update', remove: 'delete' } as const;
export const SYNONYM_FIELDS = { intent: 'intent', id: 'id', phrases: 'phrases' } as const;

export interface SynonymsData {
  groups: SynonymGroup[] | null;
  error: string | null;
}

export async function loadSynonyms(signal: AbortSignal): Promise<SynonymsData> {
  const result = await attempt(synonymsApi.list(signal));
  return result.ok ? { groups: result.data, error: null } : { groups: null, error: errorMessage(result.error, LOAD_ERROR) };
}

/** `id` names the group the message is about (null: the new group's form). */
export interface SynonymOutcome {
  ok: boolean;
  text: string;
  id: number | null;
  intent: string;
}

export async function synonymsAction(request: Request): Promise<SynonymOutcome> {
  const form = await request.formData();
  const intent = formText(form, SYNONYM_FIELDS.intent);
  const id = formId(form, SYNONYM_FIELDS.id);
  const phrases = formText(form, SYNONYM_FIELDS.phrases);
  if (intent === SYNONYM_INTENT.create) {
    const result = await attempt(synonymsApi.create(phrases, request.signal));
    return result.ok ? { ok: true, text: 'Gruppo di sinonimi aggiunto.', id: null, intent } : { ok: false, text: errorMessage(result.error, SAVE_ERROR), id: null, intent };
  }
  if (id === null) return { ok: false, text: SAVE_ERROR, id: null, intent };
  if (intent === SYNONYM_INTENT.remove) {
    const result = await attempt(synonymsApi.remove(id, request.signal));
    return result.ok ? { ok: true, text: 'Gruppo di sinonimi eliminato.', id, intent } : { ok: false, text: errorMessage(result.error, DELETE_ERROR), id, intent };
  }
  const result = await attempt(synonymsApi.update(id, phrases, request.signal));
  return result.ok ? { ok: true, text: 'Gruppo di sinonimi salvato.', id, intent } : { ok: false, text: errorMessage(result.error, SAVE_ERROR), id, intent };
}

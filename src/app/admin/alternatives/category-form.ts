/**
 * The form model of a category (group) (product spec, "Screens and routes", "Validation rules"): name required,
 * component type (one of the editor's types, or none), description. Checked with the server's own schema; an empty
 * name keeps the screen's own short message, which names the field the dialog marks.
 */
import { categoryInputSchema } from '../../../modules/alternatives/alternatives.schema';
import type { AlternativeCategory } from '../../../modules/alternatives';
import type { CategoryInputBody } from '../api';
import { formOf, formText } from '../form-data';

export const CATEGORY_NAME_MISSING = 'Il nome è obbligatorio';

export interface CategoryDraft {
  name: string;
  /** '' for none. */
  componentType: string;
  description: string;
}

export function categoryToDraft(category?: AlternativeCategory): CategoryDraft {
  return { name: category?.name ?? '', componentType: category?.component_type ?? '', description: category?.description ?? '' };
}

export type CategoryParse = { ok: true; body: CategoryInputBody } | { ok: false; message: string; nameMissing: boolean };

/** The body to send: name and description trimmed, empty description and type sent as null ("none"). */
export function parseCategory(draft: CategoryDraft): CategoryParse {
  if (!draft.name.trim()) return { ok: false, message: CATEGORY_NAME_MISSING, nameMissing: true };
  const checked = categoryInputSchema.safeParse({ name: draft.name, description: draft.description, component_type: draft.componentType });
  if (!checked.success) return { ok: false, message: checked.error.issues[0]?.message ?? '', nameMissing: false };
  return { ok: true, body: checked.data };
}

export function categoryForm(draft: CategoryDraft, extra: Record<string, string> = {}): FormData {
  return formOf({ ...extra, name: draft.name, componentType: draft.componentType, description: draft.description });
}

export function categoryFromForm(form: FormData): CategoryDraft {
  return { name: formText(form, 'name'), componentType: formText(form, 'componentType'), description: formText(form, 'description') };
}

/**
 * Typed reading and writing of the FormData that submissions carry (route actions, and a fetcher's pending
 * submission on screen): no casts on what comes in; a missing or file field reads as empty.
 */
import { MAX_ROW_ID } from '../../common/bounds';

/** The text of field `name`; '' when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Every text value of field `name` (a field sent once per item). */
export function formTexts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === 'string');
}

/** A row id from field `name`, or null when absent or malformed (see parseRowId). */
export function formId(form: FormData, name: string): number | null {
  return parseRowId(formText(form, name));
}

/**
 * A row id from a URL parameter or a field: digits only, above 0 and at most MAX_ROW_ID, the rule of the
 * server's own id parameters (idParam), so what passes here names a row the server could hold.
 */
export function parseRowId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
}

/** A submission's body: arrays become one field per item. */
export function formOf(fields: Record<string, string | readonly string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  return form;
}

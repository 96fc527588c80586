/** Typed reading and writing of the FormData that submissions carry (no casts on what comes in). */

/** The text of field `name`; '' when it is missing or a file. */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Every text value of field `name` (a field sent once per item). */
export function texts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === 'string');
}

/** A row id (positive integer) from field `name`, or null. */
export function rowId(form: FormData, name: string): number | null {
  return parseRowId(text(form, name));
}

/** A row id from a URL parameter or a field: digits only, above 0. */
export function parseRowId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A submission's body: arrays become one field per item. */
export function formOf(fields: Record<string, string | readonly string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  return form;
}

/** Typed reads of a submitted FormData (route actions): a missing or file field reads as empty. */

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A positive whole number (a row id), or null when absent or malformed. */
export function formId(form: FormData, name: string): number | null {
  const text = formText(form, name);
  const value = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(value) && value > 0 ? value : null;
}

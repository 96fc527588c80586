/**
 * The unsaved draft of a build kept in localStorage (see use-draft-recovery.ts): its key, how it is
 * written, and how a stored value is read back. Whatever is stored can be stale, hand-edited or from an
 * older version of the editor, so it is checked field by field and anything else is ignored.
 */
import { z } from 'zod';
import { type BuildForm, formFromValues, formValues } from './build-form';
import { parseFormValues } from './form-values-schema';

export interface BuildDraft {
  form: BuildForm;
  /** ISO time the draft was written. */
  savedAt: string;
  /** The build's updated_at when the editor loaded it (null for a new build): tells a later server change. */
  buildUpdatedAt: string | null;
}

/** `build-draft:{id}`, or `build-draft:new` for a build not saved yet. */
export const draftKey = (buildId: number | null) => `build-draft:${buildId ?? 'new'}`;

const storedDraft = z.object({
  form: z.unknown(),
  savedAt: z.iso.datetime(),
  buildUpdatedAt: z.string().nullable(),
});

/** Components are stored without their client-only keys (formValues). */
export function serializeDraft(draft: BuildDraft): string {
  return JSON.stringify({ form: formValues(draft.form), savedAt: draft.savedAt, buildUpdatedAt: draft.buildUpdatedAt });
}

/** The stored draft as a form with fresh component keys, or null when it is missing or malformed. */
export function parseDraft(raw: string | null): BuildDraft | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = storedDraft.safeParse(json);
  const values = result.success ? parseFormValues(result.data.form) : null;
  if (!result.success || !values) return null;
  const { savedAt, buildUpdatedAt } = result.data;
  return { form: formFromValues(values), savedAt, buildUpdatedAt };
}

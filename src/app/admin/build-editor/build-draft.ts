/**
 * The unsaved draft of a build kept in localStorage (see use-draft-recovery.ts): its key, how it is
 * written, and how a stored value is read back. Whatever is stored can be stale, hand-edited or from an
 * older version of the editor, so it is checked field by field and anything else is ignored.
 */
import { z } from 'zod';
import { BUILD_FIELDS, type BuildForm, COMPONENT_FIELDS, type ComponentForm, formSnapshot, newComponentKey } from './build-form';

export interface BuildDraft {
  form: BuildForm;
  /** ISO time the draft was written. */
  savedAt: string;
  /** The build's updated_at when the editor loaded it (null for a new build): tells a later server change. */
  buildUpdatedAt: string | null;
}

/** `build-draft:{id}`, or `build-draft:new` for a build not saved yet. */
export const draftKey = (buildId: number | null) => `build-draft:${buildId ?? 'new'}`;

const textFields = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((field) => [field, z.string()])) as Record<F, z.ZodString>;

const storedDraft = z.object({
  form: z.object({
    ...textFields(BUILD_FIELDS),
    components: z.array(z.object({ id: z.number().int().positive().optional(), ...textFields(COMPONENT_FIELDS) })),
  }),
  savedAt: z.iso.datetime(),
  buildUpdatedAt: z.string().nullable(),
});

/** Components are stored without their client-only keys, as in formSnapshot. */
export function serializeDraft(draft: BuildDraft): string {
  return JSON.stringify({ form: JSON.parse(formSnapshot(draft.form)) as unknown, savedAt: draft.savedAt, buildUpdatedAt: draft.buildUpdatedAt });
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
  if (!result.success) return null;
  const { form, savedAt, buildUpdatedAt } = result.data;
  // Rebuilt in the editor's own field order, so formSnapshot compares it with a loaded build reliably.
  const pick = <F extends string>(fields: readonly F[], values: Record<F, string>) => Object.fromEntries(fields.map((field) => [field, values[field]])) as Record<F, string>;
  const components = form.components.map(
    (component): ComponentForm => ({
      key: newComponentKey(),
      ...(component.id === undefined ? {} : { id: component.id }),
      ...pick(COMPONENT_FIELDS, component),
    }),
  );
  return { form: { ...pick(BUILD_FIELDS, form), components }, savedAt, buildUpdatedAt };
}

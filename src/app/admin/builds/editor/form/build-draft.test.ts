/** The stored build draft: key, round trip, and what a stored value must look like to be offered back. */
import { describe, expect, it } from 'vitest';
import { type BuildDraft, draftKey, parseDraft, serializeDraft } from './build-draft';
import { type BuildForm, emptyBuildForm, emptyComponent, formSnapshot } from './build-form';

function sampleForm(): BuildForm {
  // A saved component, with its id where buildFormFromServer puts it.
  const { key, ...cpu } = emptyComponent({ name: 'Ryzen 7 7800X3D', price: '359.9' });
  return {
    ...emptyBuildForm(),
    title: 'PC da gaming',
    budget: '1200,50',
    components: [{ key, id: 4, ...cpu }, emptyComponent({ type: 'GPU', name: 'RTX 5070' })],
  };
}

const draft = (form = sampleForm()): BuildDraft => ({ form, savedAt: '2026-11-22T13:05:00.000Z', buildUpdatedAt: '2026-11-20 10:00:00' });

describe('build draft', () => {
  it('is keyed by build id, or "new" before the first save', () => {
    expect(draftKey(12)).toBe('build-draft:12');
    expect(draftKey(null)).toBe('build-draft:new');
  });

  it('round-trips the form with fresh component keys, without storing the keys', () => {
    const original = draft();
    const raw = serializeDraft(original);
    expect(raw).not.toContain('"key"');
    const parsed = parseDraft(raw);
    expect(parsed).not.toBeNull();
    expect(formSnapshot(parsed!.form)).toBe(formSnapshot(original.form));
    expect(parsed!.form.components.map((c) => c.id)).toEqual([4, undefined]);
    expect(new Set(parsed!.form.components.map((c) => c.key)).size).toBe(2);
    expect(parsed!.form.components.map((c) => c.key)).not.toEqual(original.form.components.map((c) => c.key));
    expect(parsed).toMatchObject({ savedAt: original.savedAt, buildUpdatedAt: original.buildUpdatedAt });
  });

  it('keeps a null updated_at (new build)', () => {
    expect(parseDraft(serializeDraft({ ...draft(), buildUpdatedAt: null }))?.buildUpdatedAt).toBeNull();
  });

  it('compares equal to the same form whatever the order of the stored fields', () => {
    const stored = JSON.parse(serializeDraft(draft())) as { form: Record<string, unknown> };
    const reordered = { ...stored, form: Object.fromEntries(Object.entries(stored.form).reverse()) };
    expect(formSnapshot(parseDraft(JSON.stringify(reordered))!.form)).toBe(formSnapshot(sampleForm()));
  });

  it('ignores what is missing, does not parse or has the wrong shape', () => {
    const valid = JSON.parse(serializeDraft(draft())) as { form: Record<string, unknown>; savedAt: string };
    const broken: (string | null)[] = [
      null,
      '',
      '{not json',
      'null',
      '[]',
      JSON.stringify({ ...valid, savedAt: 'ieri' }),
      JSON.stringify({ ...valid, savedAt: undefined }),
      JSON.stringify({ ...valid, buildUpdatedAt: 5 }),
      JSON.stringify({ ...valid, form: { ...valid.form, title: 3 } }),
      JSON.stringify({ ...valid, form: { ...valid.form, components: 'none' } }),
      JSON.stringify({ ...valid, form: { ...valid.form, components: [{ name: 'CPU senza altri campi' }] } }),
      JSON.stringify({ ...valid, form: { ...valid.form, components: [{ ...emptyComponent(), id: 'x' }] } }),
    ];
    for (const raw of broken) expect(parseDraft(raw), String(raw)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { RevisionSnapshot } from '../../../../modules/builds/revisions.schema';
import { diffLines, revisionDiff } from './revision-diff';

const component = (id: number, name: string, price_cents: number | null, extra: Partial<RevisionSnapshot['components'][number]> = {}) => ({
  id, type: 'CPU', name, brand: null, model: null, specs: null, price_cents, price_source: 'manual', price_updated_at: null, availability: null,
  amazon_link: null, asin: null, position: id, is_replaced: 0, replacement_reason: null, image_url: null, attribute_overrides: null, ...extra,
});

const snapshot = (build: Partial<RevisionSnapshot['build']>, components: RevisionSnapshot['components']): RevisionSnapshot => ({
  build: { title: 'T', description: 'D', content: 'a\nb\nc', category: 'gaming', budget_cents: 100_000, status: 'draft', featured_image: null, meta_title: null, meta_description: null, affiliate_tag: null, publish_at: null, ...build },
  components,
});

describe('diffLines', () => {
  it('keeps common lines and marks what goes and what comes back', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: 'x' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
    ]);
  });
});

describe('revisionDiff: what a restore would change', () => {
  it('lists changed fields with labels and formatted values, the article by lines, components by row', () => {
    const now = snapshot({ title: 'Nuovo titolo', budget_cents: 150_000, content: 'a\nb\nnuova riga' }, [component(1, 'Ryzen 5', 19_990), component(3, 'Case nuovo', 7_000)]);
    const then = snapshot({ title: 'Vecchio titolo' }, [component(1, 'Ryzen 5 7600', 18_990), component(2, 'RTX 5060', 44_900)]);
    const diff = revisionDiff(now, then);
    expect(diff.fields).toEqual([
      { label: 'Titolo', now: 'Nuovo titolo', then: 'Vecchio titolo' },
      { label: 'Budget', now: '1.500,00\u00a0€', then: '1.000,00\u00a0€' },
    ]);
    expect(diff.content!.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'added', text: 'c' },
      { kind: 'removed', text: 'nuova riga' },
    ]);
    expect(diff.components).toEqual([
      { kind: 'changed', name: 'Ryzen 5 7600', details: ['Nome: Ryzen 5 → Ryzen 5 7600', 'Prezzo: 199,90\u00a0€ → 189,90\u00a0€'] },
      { kind: 'removed', name: 'Case nuovo', details: [] },
      { kind: 'added', name: 'RTX 5060', details: [] },
    ]);
  });

  it('is empty for the same version', () => {
    const same = snapshot({}, [component(1, 'Ryzen', 1)]);
    expect(revisionDiff(same, same)).toEqual({ fields: [], content: null, components: [] });
  });
});

import { describe, expect, it } from 'vitest';
import type { BuildAdmin } from '../../../../modules/builds';
import type { RevisionSnapshot } from '../../../../modules/builds/revisions.schema';
import { currentVersion, diffLines, revisionDiff } from './revision-diff';

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
    expect(revisionDiff(same, same)).toEqual({ fields: [], content: null, components: [], notes: [] });
  });

  it('shows status and category with their Italian labels, a schedule with its date and time in Rome', () => {
    const at = '2030-01-01T00:00:00.000Z';
    const draft = snapshot({ status: 'draft', category: 'office' }, []);
    const published = snapshot({ status: 'published', category: 'gaming' }, []);
    expect(revisionDiff(draft, published, at).fields).toEqual([
      { label: 'Categoria', now: 'Ufficio', then: 'Gaming' },
      { label: 'Stato', now: 'Bozza', then: 'Pubblicato' },
    ]);
    // 08:30 UTC on 1 July is 10:30 in Rome (summer time).
    const scheduled = snapshot({ status: 'scheduled', category: 'office', publish_at: '2030-07-01T08:30:00.000Z' }, []);
    expect(revisionDiff(draft, scheduled, at).fields).toEqual([
      { label: 'Stato', now: 'Bozza', then: 'Programmata · 01/07/2030, 10:30' },
      { label: 'Pubblicazione programmata', now: '—', then: '01/07/2030, 10:30' },
    ]);
    expect(revisionDiff(draft, scheduled, at).notes).toEqual([]);
  });

  it('a schedule already passed is not among the changes: a note says the status stays as it is', () => {
    const published = snapshot({ status: 'published' }, []);
    const scheduled = snapshot({ status: 'scheduled', title: 'Vecchio', publish_at: '2030-07-01T08:30:00.000Z' }, []);
    const diff = revisionDiff(published, scheduled, '2030-07-01T08:30:00.000Z');
    expect(diff.fields).toEqual([{ label: 'Titolo', now: 'T', then: 'Vecchio' }]);
    expect(diff.notes).toEqual([
      "La pubblicazione programmata di questa revisione (01/07/2030, 10:30) è già passata: il ripristino lascia lo stato com'è ora (Pubblicato).",
    ]);
  });
});

describe('currentVersion: the build as the API answers it now is the side compared', () => {
  const component1 = {
    id: 1, type: 'CPU', name: 'Ryzen 5', specs: null, price: 189.9, amazon_link: 'https://www.amazon.it/dp/B0TEST0001', asin: 'B0TEST0001', position: 1,
    is_replaced: 0 as const, replacement_reason: null, price_updated_at: null, availability: null, image_url: null, lowest_price_30d: null, build_id: 7,
    attribute_overrides: {}, brand: null, model: null, tier: null, price_source: 'amazon', availability_checked_at: null, created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
  const build: BuildAdmin = {
    id: 7, slug: 't', title: 'T', description: 'D', category: 'gaming', budget: 1000, status: 'draft', views: 0, created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-02T00:00:00.000Z', published_at: null, publish_at: null, content: 'a\nb\nc', featured_image: null, meta_title: null, meta_description: null,
    affiliate_tag: null, total_price: 189.9, components: [component1],
  };

  it('reads euro as cents, so a version equal to the build shows no change', () => {
    const same = snapshot({}, [component(1, 'Ryzen 5', 18_990, { amazon_link: 'https://www.amazon.it/dp/B0TEST0001' })]);
    expect(revisionDiff(currentVersion(build), same)).toEqual({ fields: [], content: null, components: [], notes: [] });
  });

  it('a price changed without a revision (a refresh) shows against the revision', () => {
    const refreshed: BuildAdmin = { ...build, components: [{ ...component1, price: 174.99 }] };
    const revision = snapshot({}, [component(1, 'Ryzen 5', 18_990, { amazon_link: 'https://www.amazon.it/dp/B0TEST0001' })]);
    expect(revisionDiff(currentVersion(refreshed), revision).components).toEqual([
      { kind: 'changed', name: 'Ryzen 5', details: ['Prezzo: 174,99\u00a0€ → 189,90\u00a0€'] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { BuildSummary } from '../../modules/builds';
import { toBuildCard } from './build-card-text';

const summary: BuildSummary = {
  id: 1,
  slug: 'pc-ufficio',
  title: 'PC da ufficio',
  description: 'Per lavorare',
  featured_image: null,
  category: 'ufficio',
  budget: 500,
  views: 1,
  published_at: '2026-11-22T10:00:00.000Z',
  total_price: 1234.5,
  component_count: 1,
};

describe('the counts of a build card', () => {
  it('gives a home card of one component in the singular, of any other count in the plural', () => {
    expect(toBuildCard(summary).componentsText).toBe('1 componente');
    expect(toBuildCard({ ...summary, component_count: 0 }).componentsText).toBe('0 componenti');
    expect(toBuildCard({ ...summary, component_count: 8 }).componentsText).toBe('8 componenti');
  });
});

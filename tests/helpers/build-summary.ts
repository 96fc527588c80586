/** One published build as the lists carry it, for the unit tests of the texts the public pages derive from it. */
import type { BuildSummary } from '../../src/modules/builds/builds.types';

export const sampleBuildSummary: BuildSummary = {
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

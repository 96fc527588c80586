import { describe, expect, it } from 'vitest';
import { sampleBuildSummary } from '../../../tests/helpers/build-summary';
import { toBuildCard } from './build-card-text';

const summary = sampleBuildSummary;

describe('the counts of a build card', () => {
  it('gives a home card of one component in the singular, of any other count in the plural', () => {
    expect(toBuildCard(summary).componentsText).toBe('1 componente');
    expect(toBuildCard({ ...summary, component_count: 0 }).componentsText).toBe('0 componenti');
    expect(toBuildCard({ ...summary, component_count: 8 }).componentsText).toBe('8 componenti');
  });
});

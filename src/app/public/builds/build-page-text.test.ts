import { describe, expect, it } from 'vitest';
import type { BuildPublic } from '../../../modules/builds';
import { sampleBuildSummary } from '../../../../tests/helpers/build-summary';
import { toBuildPage } from './build-page-text';

function page(views: number): BuildPublic {
  return {
    ...sampleBuildSummary,
    views,
    content: '',
    content_html: '',
    meta_title: '',
    meta_description: '',
    affiliate_tag: '',
    cart_url: null,
    cart_excluded: [],
    prices_updated_at: null,
    updated_at: '2026-11-20T09:00:00.000Z',
    personalization: null,
    compatibility: { checks: [], estimated_watts: null, verified: false },
    components: [],
  };
}

describe('the counts of the build page', () => {
  it('says one view in the singular, and groups the thousands of many', () => {
    expect(toBuildPage(page(1)).viewsText).toBe('1 visualizzazione');
    expect(toBuildPage(page(12345)).viewsText).toBe('12.345 visualizzazioni');
  });
});

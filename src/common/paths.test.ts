import { describe, expect, it } from 'vitest';
import { buildPageSlug, paths } from './paths';

describe('buildPageSlug', () => {
  it('reads the slug of a build page, still percent-encoded', () => {
    expect(buildPageSlug('/build/pc-gaming')).toBe('pc-gaming');
    expect(buildPageSlug(paths.build('città'))).toBe('citt%C3%A0');
  });

  it('is null for any other path, the page\'s data request included', () => {
    for (const path of ['/', '/build', '/build/', '/build/x/y', '/build/x.data', '/api/builds/x', '/builds/x', '/admin/build/x']) {
      expect(buildPageSlug(path), path).toBeNull();
    }
  });
});

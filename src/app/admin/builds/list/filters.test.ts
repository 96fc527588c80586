import { describe, expect, it } from 'vitest';
import { filterBuilds, filtersFromSearch, normalizeForSearch, searchFromFilters } from './filters';

const builds = [
  { title: 'PC Gaming 1440p', description: 'Ryzen 5 e RTX 5070', status: 'published' },
  { title: 'Workstation', description: 'Perché il CAD è esigente', status: 'draft' },
  { title: 'ÈLITE senza descrizione', description: '', status: 'archived' },
];

describe('filtersFromSearch / searchFromFilters', () => {
  it('reads q and a known status; anything else is all', () => {
    expect(filtersFromSearch(new URLSearchParams('q=rtx&status=draft'))).toEqual({ q: 'rtx', status: 'draft' });
    expect(filtersFromSearch(new URLSearchParams('status=archived'))).toEqual({ q: '', status: 'all' });
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({ q: '', status: 'all' });
  });

  it('writes only the filters in use', () => {
    expect(searchFromFilters({ q: '', status: 'all' }).toString()).toBe('');
    expect(searchFromFilters({ q: '   ', status: 'all' }).toString()).toBe('');
    expect(searchFromFilters({ q: 'ryzen 5', status: 'published' }).toString()).toBe('q=ryzen+5&status=published');
  });
});

describe('filterBuilds', () => {
  it('matches title or description, case-insensitive, trimmed', () => {
    expect(filterBuilds(builds, { q: '  gaming ', status: 'all' }).map((b) => b.title)).toEqual(['PC Gaming 1440p']);
    expect(filterBuilds(builds, { q: 'RTX 5070', status: 'all' }).map((b) => b.title)).toEqual(['PC Gaming 1440p']);
    expect(filterBuilds(builds, { q: 'PERCHÉ', status: 'all' }).map((b) => b.title)).toEqual(['Workstation']);
  });

  it('treats composed and decomposed accents alike', () => {
    const decomposed = 'E\u0300lite';
    expect(normalizeForSearch(decomposed)).toBe(normalizeForSearch('ÈLITE'));
    expect(filterBuilds(builds, { q: decomposed, status: 'all' }).map((b) => b.title)).toEqual(['ÈLITE senza descrizione']);
  });

  it('filters by status, together with the text', () => {
    expect(filterBuilds(builds, { q: '', status: 'draft' }).map((b) => b.title)).toEqual(['Workstation']);
    expect(filterBuilds(builds, { q: '', status: 'published' }).map((b) => b.title)).toEqual(['PC Gaming 1440p']);
    expect(filterBuilds(builds, { q: 'gaming', status: 'draft' })).toEqual([]);
    expect(filterBuilds(builds, { q: '', status: 'all' })).toHaveLength(3);
  });
});

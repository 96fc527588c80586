import { describe, expect, it } from 'vitest';
import { BUDGET_RANGES } from './budget-ranges';
import { BUILD_CATEGORIES } from './catalog';
import { homeListCanonical, homeListHeading, homeListName, homeListTitle, isIndexedHomeList } from './home-list';
import type { HomeQuery } from './home-query';

const query = (overrides: Partial<HomeQuery> = {}): HomeQuery => ({ category: null, budget: null, page: 1, ...overrides });

describe('home list names', () => {
  it('say what a filtered list holds, and keep the spec hero title on the home', () => {
    expect(homeListName(query())).toBeNull();
    expect(homeListHeading(query())).toBe('Assembla il tuo PC perfetto');
    expect(homeListHeading(query({ category: 'gaming' }))).toBe('Build PC gaming');
    expect(homeListHeading(query({ category: 'office' }))).toBe('Build PC ufficio');
    expect(homeListHeading(query({ budget: 'fino-800' }))).toBe('Build PC fino a 800 €');
    expect(homeListHeading(query({ category: 'gaming', budget: '800-1500' }))).toBe('Build PC gaming da 800 a 1.500 €');
    expect(homeListTitle(query({ category: 'gaming', page: 2 }), 'Build PC')).toBe('Build PC gaming (pagina 2) | Build PC');
    expect(homeListTitle(query({ page: 3 }), 'Build PC')).toBe('Build PC: guide per assemblare il tuo PC perfetto (pagina 3)');
  });

  it('give every filter combination its own name', () => {
    const names = new Set<string>();
    for (const category of [null, ...BUILD_CATEGORIES]) for (const budget of [null, ...BUDGET_RANGES.map((range) => range.id)]) names.add(homeListHeading(query({ category, budget })));
    expect(names.size).toBe((BUILD_CATEGORIES.length + 1) * (BUDGET_RANGES.length + 1));
  });
});

describe('which list pages are indexed (one rule)', () => {
  it('indexes the home and a category first page with builds; the rest points to them', () => {
    expect(isIndexedHomeList(query(), 0)).toBe(true);
    expect(isIndexedHomeList(query({ category: 'gaming' }), 3)).toBe(true);
    expect(isIndexedHomeList(query({ category: 'gaming' }), 0)).toBe(false);
    expect(isIndexedHomeList(query({ budget: 'fino-800' }), 3)).toBe(false);
    expect(isIndexedHomeList(query({ category: 'gaming', budget: 'fino-800' }), 3)).toBe(false);
    expect(isIndexedHomeList(query({ page: 2 }), 30)).toBe(false);
    expect(isIndexedHomeList(query({ category: 'gaming', page: 2 }), 30)).toBe(false);
    expect(homeListCanonical(query({ category: 'gaming', budget: 'fino-800', page: 2 }))).toEqual(query({ category: 'gaming' }));
    expect(homeListCanonical(query({ budget: 'oltre-2500', page: 4 }))).toEqual(query());
  });
});

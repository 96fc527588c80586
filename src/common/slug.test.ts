import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug';

describe('slugify', () => {
  it('turns Italian titles into URL slugs', () => {
    expect(slugify('PC Gaming 1440p: la build perfetta da 1.200 €')).toBe('pc-gaming-1440p-la-build-perfetta-da-1-200');
    expect(slugify('Perché è così più veloce?')).toBe('perche-e-cosi-piu-veloce');
  });

  it('never returns an empty slug', () => {
    expect(slugify('€€€')).toBe('build');
  });

  it('caps the length at a word boundary', () => {
    const slug = slugify('parola '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^(parola-)*parola$/);
    expect(slugify('PC Gaming 1440p da 1200 euro: la build equilibrata con Ryzen 5 9600X e RTX 5070')).toBe(
      'pc-gaming-1440p-da-1200-euro-la-build-equilibrata-con-ryzen',
    );
  });
});

describe('isSlug', () => {
  it('accepts what slugify and the numbered duplicates give, and nothing that leaves the path', () => {
    for (const title of ['PC Gaming 1440p: la build perfetta da 1.200 €', '€€€', 'parola '.repeat(40)]) expect(isSlug(slugify(title))).toBe(true);
    expect(isSlug('build-gaming-2')).toBe(true);
    for (const slug of ['', '../admin', 'a/b', 'Build', 'a--b', '-a', 'a-', 'a.html', 'a%2Fb', 'a b']) expect(isSlug(slug), slug).toBe(false);
  });
});

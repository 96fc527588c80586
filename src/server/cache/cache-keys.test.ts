import { describe, expect, it } from 'vitest';
import { responseCacheKey } from './cache-keys';

const key = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return responseCacheKey(parsed.pathname, parsed.searchParams);
};

describe('responseCacheKey', () => {
  it('spells a home query one way: known filters in a fixed order, defaults and junk left out', () => {
    expect(key('/')).toBe('/');
    expect(key('/?pagina=1&utm_source=news')).toBe('/');
    expect(key('/?budget=800-1500&categoria=gaming')).toBe('/?categoria=gaming&budget=800-1500');
    expect(key('/?pagina=2&categoria=gaming&x=1')).toBe('/?categoria=gaming&pagina=2');
    expect(key('/?categoria=sconosciuta&budget=0-1')).toBe('/');
  });

  it('leaves the old ?category= spelling to the page, which redirects it', () => {
    expect(key('/?category=gaming')).toBeNull();
  });

  it('keys a build page by its path only', () => {
    expect(key('/build/pc-gaming?ref=x')).toBe('/build/pc-gaming');
  });

  it('keeps the parameters /api/builds reads, in one order, with their values as sent', () => {
    expect(key('/api/builds?maxBudget=900&category=gaming&foo=1')).toBe('/api/builds?category=gaming&maxBudget=900');
    expect(key('/api/builds?limit=abc')).toBe('/api/builds?limit=abc');
    expect(key('/api/builds?offset=20&limit=10&q=rtx&maxBudget=2&minBudget=1&category=gaming&utm=x')).toBe(
      '/api/builds?category=gaming&minBudget=1&maxBudget=2&q=rtx&limit=10&offset=20',
    );
  });

  it('keys a build\'s price history by its path only', () => {
    expect(key('/api/builds/pc-gaming/price-history?v=2')).toBe('/api/builds/pc-gaming/price-history');
  });

  it('caches nothing else: data requests, admin, other API routes, unknown paths', () => {
    for (const url of [
      '/_root.data',
      '/build/x.data',
      '/admin',
      '/admin/builds',
      '/api/builds/x',
      '/api/admin/builds',
      '/api/admin/builds/1/price-history',
      '/api/builds/x/y/price-history',
      '/qualcosa',
      '/assets/x.js',
    ]) {
      expect(key(url), url).toBeNull();
    }
    expect(key('/sitemap.xml?v=2')).toBe('/sitemap.xml');
    expect(key('/robots.txt')).toBe('/robots.txt');
    // The parts of a sitemap index: one key each, spelled one way; other spellings are never cached.
    expect(key('/sitemap-1.xml')).toBe('/sitemap-1.xml');
    expect(key('/sitemap-12.xml?utm_source=x')).toBe('/sitemap-12.xml');
    for (const url of ['/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-.xml', '/sitemap-1.xml.gz']) expect(key(url), url).toBeNull();
  });
});

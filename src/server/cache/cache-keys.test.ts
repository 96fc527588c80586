import { describe, expect, it } from 'vitest';
import { cachePoolOf, canonicalPagePath, isPageKey, needsConfirmation, responseCacheKey } from './cache-keys';

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

  it('keys a personalised build by its one spelling and the count of what it ignores, never the ignored text', () => {
    expect(key('/build/pc?possiedo=3&scegli=4:b0zzzzzzzz&utm_source=x')).toBe('/build/pc?scegli=4:B0ZZZZZZZZ&possiedo=3');
    expect(key('/build/pc?budget=1000.01')).toBe('/build/pc?budget=1000');
    expect(key('/build/pc?budget=1.000,40')).toBe('/build/pc?budget=1000');
    // Junk of one kind and count is one key, whatever it says.
    expect(key('/build/pc?scegli=x1')).toBe('/build/pc#ignorati=1');
    expect(key('/build/pc?scegli=ATTENZIONE%3A+offerta+scaduta')).toBe('/build/pc#ignorati=1');
    expect(key('/build/pc?possiedo=abc&budget=0&possiedo=3')).toBe('/build/pc?possiedo=3#ignorati=2');
    // Its answer must confirm it (the build decides what applies); other pages' keys need no confirmation.
    expect(needsConfirmation('/build/pc?possiedo=3')).toBe(true);
    expect(needsConfirmation('/build/pc')).toBe(true);
    expect(needsConfirmation('/confronta?build=a&build=b')).toBe(true);
    expect(needsConfirmation('/')).toBe(false);
    expect(needsConfirmation('/cerca?q=rtx')).toBe(false);
  });

  it('puts what a query multiplies in the variant pool, the site\'s own pages in the base pool', () => {
    for (const url of ['/', '/?categoria=gaming&pagina=2', '/build/pc', '/cerca', '/confronta', '/feed.xml', '/sitemap.xml', '/sitemap-2.xml', '/robots.txt', '/api/builds', '/api/builds?limit=100', '/api/builds/pc/price-history']) {
      expect(cachePoolOf(key(url)!), url).toBe('base');
    }
    for (const url of ['/build/pc?budget=900', '/build/pc?scegli=x', '/cerca?q=rtx', '/confronta?build=a&build=b', '/api/builds?q=rtx', '/api/builds?offset=20']) {
      expect(cachePoolOf(key(url)!), url).toBe('variant');
    }
  });

  it('keeps the parameters /api/builds reads, in one order, read as the route reads them', () => {
    expect(key('/api/builds?maxBudget=900&category=gaming&foo=1')).toBe('/api/builds?category=gaming&maxBudget=900');
    expect(key('/api/builds?maxBudget=900.0&category=%20gaming%20')).toBe('/api/builds?category=gaming&maxBudget=900');
    expect(key('/api/builds?limit=abc')).toBe('/api/builds?limit=abc');
    expect(key('/api/builds?limit=100&offset=0')).toBe('/api/builds');
    expect(key('/api/builds?offset=20&limit=10&q=rtx&maxBudget=2&minBudget=1&category=gaming&utm=x')).toBe(
      '/api/builds?category=gaming&minBudget=1&maxBudget=2&q=rtx&limit=10&offset=20',
    );
    // The search text as the search reads it: trimmed, spaces collapsed, accents and case folded.
    expect(key('/api/builds?q=ryzen%20')).toBe(key('/api/builds?q=ryzen'));
    expect(key('/api/builds?q=%20Ryzen%20%20PERCH%C3%89')).toBe('/api/builds?q=ryzen+perche');
    expect(key('/api/builds?q=%20')).toBe('/api/builds');
  });

  it('keys the RSS feed by its normalised category and nothing else of the query', () => {
    expect(key('/feed.xml')).toBe('/feed.xml');
    expect(key('/feed.xml?utm_source=reader&categoria=')).toBe('/feed.xml');
    expect(key('/feed.xml?categoria=gaming')).toBe('/feed.xml?categoria=gaming');
    expect(key('/feed.xml?x=1&categoria=%20Gaming%20&pagina=3')).toBe('/feed.xml?categoria=gaming');
    // An unknown category keeps its own key, so it never reads the whole feed's entry (its 404 is never stored).
    expect(key('/feed.xml?categoria=sconosciuta')).toBe('/feed.xml?categoria=sconosciuta');
  });

  it('keys the search page by its text spelled one way and its page, never another search (decision 033)', () => {
    expect(key('/cerca')).toBe('/cerca');
    expect(key('/cerca?q=')).toBe('/cerca');
    expect(key('/cerca?q=scheda+video')).toBe('/cerca?q=scheda+video');
    expect(key('/cerca?q=%20%20scheda%20%20%20video%20&utm_source=x')).toBe('/cerca?q=scheda+video');
    expect(key('/cerca?pagina=2&q=scheda%20video')).toBe('/cerca?q=scheda+video&pagina=2');
    expect(key('/cerca?q=scheda&pagina=1')).toBe('/cerca?q=scheda');
    expect(key('/cerca?q=scheda&pagina=abc')).toBe('/cerca?q=scheda');
    // Folded as the search folds every word: spellings that find the same builds share one page.
    expect(key('/cerca?q=Perch%C3%A9')).toBe(key('/cerca?q=perche'));
    expect(key('/cerca?q=%20RTX%0A5070%20')).toBe('/cerca?q=rtx+5070');
    expect(key('/cerca?q=schede')).not.toBe(key('/cerca?q=scheda'));
    expect(key('/cerca?q=a%26pagina%3D2')).not.toBe(key('/cerca?q=a&pagina=2'));
    expect(isPageKey(key('/cerca?q=scheda')!)).toBe(true);
    expect(key('/cerca.data?q=x')).toBeNull();
  });

  it('keys a build\'s price history by its path only', () => {
    expect(key('/api/builds/pc-gaming/price-history?v=2')).toBe('/api/builds/pc-gaming/price-history');
  });

  it('spells the one address of a page, for the redirect of any other spelling', () => {
    expect(canonicalPagePath('/build/pc-gaming/')).toBe('/build/pc-gaming');
    expect(canonicalPagePath('/BUILD/pc-gaming')).toBe('/build/pc-gaming');
    expect(canonicalPagePath('/Build/PC-Gaming//')).toBe('/build/pc-gaming');
    expect(canonicalPagePath('//build//pc-gaming')).toBe('/build/pc-gaming');
    expect(canonicalPagePath('/build/%70c-gaming')).toBe('/build/pc-gaming');
    expect(canonicalPagePath('/cerca/')).toBe('/cerca');
    expect(canonicalPagePath('/CONFRONTA')).toBe('/confronta');
    for (const path of ['/build/pc-gaming', '/cerca', '/confronta', '/', '/build/pc.data', '/build/non%20slug/', '/build/%E0%A4%A', '/admin/', '/qualcosa/']) {
      expect(canonicalPagePath(path), path).toBeNull();
    }
  });

  it('keys the comparison by its builds as asked, deduplicated, in order, and nothing else', () => {
    expect(key('/confronta')).toBe('/confronta');
    expect(key('/confronta?build=&utm_source=x')).toBe('/confronta');
    expect(key('/confronta?build=b&utm=1&build=a&build=b&build=%20c%20')).toBe('/confronta?build=b&build=a&build=c');
    expect(key('/confronta?build=a&build=b')).not.toBe(key('/confronta?build=b&build=a'));
    // Past the first 10 distinct values nothing is read, so nothing is keyed.
    const many = Array.from({ length: 12 }, (_, index) => `build=s${index}`).join('&');
    expect(key(`/confronta?${many}`)).toBe(`/confronta?${Array.from({ length: 10 }, (_, index) => `build=s${index}`).join('&')}`);
    expect(key('/confronta.data?build=a')).toBeNull();
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

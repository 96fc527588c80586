/**
 * The page cache under a hostile visitor (decision 035), on the real pages and both databases: a variant
 * is kept under what the build accepted, never under what the link said; searches are keyed as the search
 * reads them; a page has one address; misses per client address are limited before they render; and a
 * flood of junk variants and searches from thousands of addresses leaves every base page a cache hit, in
 * each of two instances with their own caches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { type AppInstance, createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

/** Small enough that the flood overflows the variants' share many times over. */
const PAGE_CACHE_MB = '1';
const MISSES_PER_MINUTE = 30;
/** The flood's size: a count, not a duration, so a slow machine floods as much as a fast one. */
const FLOOD_REQUESTS = 1_500;
const FLOOD_CONCURRENCY = 8;

let pages: PageBuild;
let ctx: TestContext;
let second: AppInstance;
let token: string;
let slugs: string[];
let gpuId: number;
const ALTERNATIVE = 'B0GPUALT02';

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({ PAGE_CACHE_MB, PAGE_CACHE_MISSES_PER_MINUTE: String(MISSES_PER_MINUTE) }, { pages: pages.build });
  second = openSecondInstance(ctx, { pages: pages.build });
  token = await ctx.login();
  const api = async (path: string, body: unknown) => {
    const response = await ctx.request('POST', `/api/admin${path}`, { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const { category } = await api('/alternative-categories', { name: 'Schede video', description: null, component_type: 'GPU' });
  await api(`/alternative-categories/${category.id}/alternatives`, { alternativeAsin: ALTERNATIVE, alternativeName: 'RTX 5070', alternativePrice: 599, priority: 1 });
  const first = (await api('/builds', sampleBuild({ title: 'PC Ryzen da gioco' }))).build;
  const other = (await api('/builds', sampleBuild({ title: 'PC da ufficio', category: 'office' }))).build;
  slugs = [first.slug, other.slug];
  gpuId = first.components.find((component: { type: string }) => component.type === 'GPU').id;
}, 120_000);
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await pages?.close();
});

/** A client at `address` (TRUST_PROXY is on: X-Forwarded-For names it). */
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
let nextAddress = 0;
/** A new client address each call, IPv4 and IPv6 in turn, as a botnet's would be. */
function freshAddress(): string {
  nextAddress += 1;
  return nextAddress % 2 ? `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}` : `2001:db8:${nextAddress.toString(16)}::1`;
}

const basePages = () => [
  '/',
  '/?categoria=gaming',
  `/build/${slugs[0]}`,
  `/build/${slugs[1]}`,
  '/cerca',
  '/confronta',
  '/feed.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/api/builds',
  `/api/builds/${slugs[0]}/price-history`,
];

describe('a variant is kept under what the build accepted', () => {
  it('never keeps an entry for choices the build does not offer, and keeps a real variant once', async () => {
    const before = poolSizes();
    for (const query of [`scegli=${gpuId}:B0INVENTAT`, 'scegli=999999:B0INVENTAT', 'possiedo=999999']) {
      for (let n = 0; n < 2; n++) {
        const answer = await ctx.request('GET', `/build/${slugs[0]}?${query}`, from(freshAddress()));
        expect(answer.status).toBe(200);
        expect(answer.headers.get('X-Cache'), query).not.toBe('HIT');
        expect(answer.headers.get('X-Page-Key')).toBeNull();
        expect(answer.body).toContain('1 parametro non valido ignorato.');
      }
    }
    expect(poolSizes()).toEqual(before);

    // Junk the text alone refuses is one entry per count, whatever it says.
    expect((await ctx.request('GET', `/build/${slugs[0]}?scegli=x1`)).headers.get('X-Cache')).toBe('MISS');
    const other = await ctx.request('GET', `/build/${slugs[0]}?scegli=ATTENZIONE%3A+chiama`);
    expect(other.headers.get('X-Cache')).toBe('HIT');
    expect(other.body).not.toContain('ATTENZIONE');

    // A curated choice is a variant of its own, in its one spelling; a budget in cents is its whole euros.
    expect((await ctx.request('GET', `/build/${slugs[0]}?scegli=${gpuId}:${ALTERNATIVE.toLowerCase()}&utm_source=x`)).headers.get('X-Cache')).toBe('MISS');
    expect((await ctx.request('GET', `/build/${slugs[0]}?scegli=${gpuId}:${ALTERNATIVE}`)).headers.get('X-Cache')).toBe('HIT');
    expect((await ctx.request('GET', `/build/${slugs[0]}?budget=1000`)).headers.get('X-Cache')).toBe('MISS');
    for (const budget of ['1000.01', '999,50', '1.000,40']) {
      const answer = await ctx.request('GET', `/build/${slugs[0]}?budget=${encodeURIComponent(budget)}`);
      expect(answer.headers.get('X-Cache'), budget).toBe('HIT');
    }
  });
});

describe('searches keyed as the search reads them', () => {
  it('serves every spelling of one search from one entry, on the page and in the API', async () => {
    expect((await ctx.request('GET', '/cerca?q=Ryzen+Perch%C3%A9')).headers.get('X-Cache')).toBe('MISS');
    for (const q of ['ryzen%20perche', '%20RYZEN%20%20perche%20', 'ryzen%0Aperch%C3%A9']) {
      const answer = await ctx.request('GET', `/cerca?q=${q}`);
      expect(answer.headers.get('X-Cache'), q).toBe('HIT');
      expect(answer.body).toContain('Risultati per «ryzen perche»');
    }
    expect((await ctx.request('GET', '/api/builds?q=ryzen')).headers.get('X-Cache')).toBe('MISS');
    for (const q of ['ryzen%20', 'RYZEN', '%20Ryzen%20']) expect((await ctx.request('GET', `/api/builds?q=${q}`)).headers.get('X-Cache'), q).toBe('HIT');
  });
});

describe('one address per page', () => {
  it('redirects other spellings of a page path permanently, keeping the query', async () => {
    const [slug] = slugs;
    const cases: [string, string][] = [
      [`/build/${slug}/`, `/build/${slug}`],
      [`/BUILD/${slug}?scegli=${gpuId}:${ALTERNATIVE}`, `/build/${slug}?scegli=${gpuId}:${ALTERNATIVE}`],
      [`/build/${slug!.toUpperCase()}`, `/build/${slug}`],
      [`/build/%${slug!.charCodeAt(0).toString(16)}${slug!.slice(1)}`, `/build/${slug}`],
      ['/cerca/?q=ryzen', '/cerca?q=ryzen'],
      ['/Confronta?build=a&build=b', '/confronta?build=a&build=b'],
    ];
    for (const [path, location] of cases) {
      const answer = await ctx.request('GET', path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('Location'), path).toBe(location);
    }
    expect((await ctx.request('GET', '/build/non-esiste/')).status).toBe(301);
    expect((await ctx.request('GET', '/build/non-esiste')).status).toBe(404);
  });
});

describe('misses per client address', () => {
  it('answers 429 with Retry-After past the limit, before rendering; hits and other addresses go on', async () => {
    const address = '192.0.2.77';
    await ctx.request('GET', '/', from('192.0.2.1'));
    for (let n = 1; n <= MISSES_PER_MINUTE; n++) {
      const answer = await ctx.request('GET', `/cerca?q=limite${n}`, from(address));
      expect(answer.status, `miss ${n}`).toBe(200);
    }
    const refused = await ctx.request('GET', '/cerca?q=limite-oltre', from(address));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toMatch(/^Troppe richieste da questo indirizzo: riprova tra \d+ secondi\.$/m);
    // Nothing was rendered for it: the same search from another address is still a miss.
    expect((await ctx.request('GET', '/cerca?q=limite-oltre', from('192.0.2.78'))).headers.get('X-Cache')).toBe('MISS');
    // A hit is never limited.
    const hit = await ctx.request('GET', '/', from(address));
    expect(hit.status).toBe(200);
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect((await ctx.request('GET', `/cerca?q=limite${MISSES_PER_MINUTE}`, from(address))).headers.get('X-Cache')).toBe('HIT');
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let n = 0; n < MISSES_PER_MINUTE; n++) expect((await ctx.request('GET', `/cerca?q=rete${n}`, from(`2001:db8:77:1::${n + 1}`))).status).toBe(200);
    expect((await ctx.request('GET', '/cerca?q=rete-oltre', from('2001:db8:77:1:ffff::9'))).status).toBe(429);
    expect((await ctx.request('GET', '/cerca?q=rete-oltre', from('2001:db8:77:2::1'))).status).toBe(200);
  });
});

/** Entries and bytes of each pool of the first instance's cache. */
const poolSizes = () => ctx.pageCache.pools();

/**
 * One junk request of the flood: variants and searches a hostile visitor can invent without end. Most are
 * made-up text, which the key reads as one entry per count (served from memory after the first); one in
 * eight costs a render: a whole-euro budget or a search (kept, pushing others out), or a made-up
 * curated-looking choice (answered, never kept).
 */
function junkPath(n: number): string {
  const [slug] = slugs;
  if (n % 8 !== 7) {
    const cheap = [
      `/build/${slug}?scegli=ATTENZIONE-${n}`,
      `/build/${slug}?possiedo=x${n}&budget=chiama-${n}`,
      `/cerca?q=${encodeURIComponent(`  ZZ${' '.repeat(n % 7)}TOP `)}&x=${n}`,
      `/api/builds?q=RYZEN${'%20'.repeat(n % 5)}&utm=${n}`,
    ];
    return cheap[n % cheap.length]!;
  }
  const costly = [
    `/build/${slug}?budget=${1 + (n % 99_000)}`,
    `/cerca?q=zz${n}`,
    `/api/builds?q=ryzen${n}`,
    `/build/${slug}?scegli=${gpuId}:B0${String(n).padStart(8, '0')}`,
  ];
  return costly[(n >> 3) % costly.length]!;
}

/** Whether the flood's request `n` is one whose answer is kept (a budget or a search of its own). */
const isKeptJunk = (n: number) => n % 8 === 7 && (n >> 3) % 4 !== 3;

describe('a flood of junk variants and searches from many addresses', () => {
  it('leaves every base page a cache hit, in each of two instances with their own caches', async () => {
    const instances = [ctx, second];
    for (const instance of instances) {
      for (const path of basePages()) {
        const warm = await instance.request('GET', path, from(freshAddress()));
        expect(warm.status, `${instances.indexOf(instance)} ${path} ${String(warm.body).slice(0, 300)}`).toBe(200);
        expect((await instance.request('GET', path)).headers.get('X-Cache'), path).toBe('HIT');
      }
    }
    let sent = 0;
    const statuses = new Map<number, number>();
    /** Bytes of the answers the flood made the caches keep (budgets, searches): each one pushes another out. */
    let keptBytes = 0;
    async function flooder() {
      while (sent < FLOOD_REQUESTS) {
        const n = sent++;
        const answer = await instances[n % 2]!.request('GET', junkPath(n), from(freshAddress()));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.headers.get('X-Cache') === 'MISS' && isKeptJunk(n)) keptBytes += JSON.stringify(answer.body).length;
      }
    }
    await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, flooder));
    // Thousands of junk requests, every one answered (never a 5xx), from addresses each under the miss limit.
    expect(sent).toBe(FLOOD_REQUESTS);
    expect([...statuses.keys()]).toEqual([200]);
    // Enough kept to fill each instance's variant share (a quarter of 1 MB) several times over.
    expect(keptBytes).toBeGreaterThan(2 * 4 * 256 * 1024);
    expect(poolSizes().variant.bytes).toBeLessThanOrEqual(256 * 1024);
    for (const instance of instances) {
      for (const path of basePages()) {
        const after = await instance.request('GET', path);
        expect(after.headers.get('X-Cache'), path).toBe('HIT');
      }
    }
  }, 60_000);
});

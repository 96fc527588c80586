/**
 * "Personalizza questa build" (decision 030): a visitor's swaps, owned parts and budget applied by the
 * server to `GET /api/builds/{slug}` and `GET /build/{slug}`, within the author's curated alternatives.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const PARTS = [
  { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0CPU00001' },
  { type: 'Motherboard', name: 'MSI B650 GAMING PLUS WIFI AM5 DDR5 ATX', price: 180, amazon_link: 'https://www.amazon.it/dp/B0MBD00001' },
  { type: 'RAM', name: 'Corsair Vengeance 32GB DDR5', price: 109.5, amazon_link: 'https://www.amazon.it/dp/B0RAM00001' },
  { type: 'GPU', name: 'NVIDIA GeForce RTX 5070', price: 549, amazon_link: 'https://www.amazon.it/dp/B0GPU00001' },
  { type: 'PSU', name: 'Corsair RM750e 750W', price: 90, amazon_link: 'https://www.amazon.it/dp/B0PSU00001' },
  { type: 'Case', name: 'Lian Li Lancool 207 ATX', price: 85, amazon_link: 'https://www.amazon.it/dp/B0CAS00001' },
];
const BASE_TOTAL = 1213.4;

let slug: string;
/** Component ids by type. */
let id: Record<string, number>;

async function admin(method: string, path: string, body: unknown) {
  const response = await ctx.request(method, `/api/admin${path}`, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

beforeEach(async () => {
  const { db } = ctx.database;
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('alternative_categories').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC personalizzabile', affiliate_tag: 'prova-21', components: PARTS }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  slug = created.body.build.slug;
  id = Object.fromEntries(created.body.build.components.map((c: { type: string; id: number }) => [c.type, c.id]));
  // The CPU's own alternatives: one of the same socket, one that does not fit the motherboard.
  await admin('POST', '/alternatives', { originalAsin: 'B0CPU00001', alternativeAsin: 'B0CPU00002', alternativeName: 'AMD Ryzen 5 7500F', alternativePrice: 149, priority: 1 });
  await admin('POST', '/alternatives', { originalAsin: 'B0CPU00001', alternativeAsin: 'B0CPU00003', alternativeName: 'Intel Core i5-14400F', alternativePrice: 120, priority: 2 });
  // A power supply too small for the build: cheaper, but it would fail the power check.
  await admin('POST', '/alternatives', { originalAsin: 'B0PSU00001', alternativeAsin: 'B0PSU00002', alternativeName: 'Alimentatore 300W', alternativePrice: 30, priority: 1 });
  // A group for every GPU: two priced members and one without a price (never offered).
  const group = await admin('POST', '/alternative-categories', { name: 'Schede video', component_type: 'GPU' });
  await admin('POST', `/alternative-categories/${group.category.id}/alternatives`, { alternativeAsin: 'B0GPU00002', alternativeName: 'NVIDIA GeForce RTX 5060 Ti 16GB', alternativePrice: 449, priority: 1 });
  await admin('POST', `/alternative-categories/${group.category.id}/alternatives`, { alternativeAsin: 'B0GPU00003', alternativeName: 'AMD Radeon RX 9060 XT', alternativePrice: 369, priority: 2 });
  await admin('POST', `/alternative-categories/${group.category.id}/alternatives`, { alternativeAsin: 'B0GPU00004', alternativeName: 'Scheda senza prezzo', priority: 3 });
});

async function getBuild(query = '') {
  const response = await ctx.request('GET', `/api/builds/${slug}${query ? `?${query}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.build;
}

const byType = (build: any, type: string) => build.components.find((c: any) => c.type === type);
const cartAsins = (url: string | null) => (url ? [...new URL(url).searchParams].filter(([name]) => name.startsWith('ASIN.')).map(([, value]) => value) : []);
const statusOf = (build: any, rule: string) => build.compatibility.checks.find((check: any) => check.rule === rule)?.status;

describe('the author build carries the curated alternatives', () => {
  it('lists priced alternatives in the author order with the difference, and no personalisation', async () => {
    const build = await getBuild();
    expect(build.personalization).toBeNull();
    expect(build.total_price).toBe(BASE_TOTAL);
    const cpu = byType(build, 'CPU');
    expect(cpu.alternatives.map((a: any) => [a.asin, a.name, a.price, a.difference])).toEqual([
      ['B0CPU00002', 'AMD Ryzen 5 7500F', 149, -50.9],
      ['B0CPU00003', 'Intel Core i5-14400F', 120, -79.9],
    ]);
    expect(cpu.alternatives[0].amazon_link).toBe('https://www.amazon.it/dp/B0CPU00002?tag=prova-21');
    expect(cpu.alternatives[0].price_updated_at).toEqual(expect.any(String));
    // Group members by priority; the unpriced one is not offered.
    expect(byType(build, 'GPU').alternatives.map((a: any) => a.asin)).toEqual(['B0GPU00002', 'B0GPU00003']);
    expect(byType(build, 'RAM').alternatives).toEqual([]);
    for (const component of build.components) {
      expect(component.owned).toBe(false);
      expect(component.swapped_from).toBeNull();
    }
  });
});

describe('scegli and possiedo', () => {
  it('swaps a component for a curated alternative: price, link, total, cart and where it came from', async () => {
    const build = await getBuild(`scegli=${id.GPU}:B0GPU00002`);
    const gpu = byType(build, 'GPU');
    expect(gpu).toMatchObject({
      id: id.GPU,
      asin: 'B0GPU00002',
      name: 'NVIDIA GeForce RTX 5060 Ti 16GB',
      price: 449,
      amazon_link: 'https://www.amazon.it/dp/B0GPU00002?tag=prova-21',
      swapped_from: { asin: 'B0GPU00001', name: 'NVIDIA GeForce RTX 5070', price: 549 },
      swapped_by: 'visitor',
      owned: false,
    });
    expect(gpu).toHaveProperty('availability');
    expect(gpu).toHaveProperty('image_url');
    expect(gpu).toHaveProperty('price_updated_at');
    expect(build.total_price).toBe(1113.4);
    expect(cartAsins(build.cart_url)).toEqual(expect.arrayContaining(['B0GPU00002']));
    expect(cartAsins(build.cart_url)).not.toContain('B0GPU00001');
    expect(build.personalization).toEqual({
      choices: [{ component_id: id.GPU, asin: 'B0GPU00002', by: 'visitor' }],
      owned: [],
      budget: null,
      budget_met: null,
      base_total: BASE_TOTAL,
      ignored: 0,
      query: `scegli=${id.GPU}:B0GPU00002`,
    });
    // The alternatives of the swapped part are priced against what it shows now.
    expect(gpu.alternatives.find((a: any) => a.asin === 'B0GPU00003').difference).toBe(-80);
  });

  it('leaves an owned part out of the total and the cart, and in the checks', async () => {
    const build = await getBuild(`possiedo=${id.Case}`);
    expect(byType(build, 'Case').owned).toBe(true);
    expect(build.total_price).toBe(1128.4);
    expect(cartAsins(build.cart_url)).toHaveLength(5);
    expect(cartAsins(build.cart_url)).not.toContain('B0CAS00001');
    expect(build.cart_excluded).toEqual([{ id: id.Case, name: 'Lian Li Lancool 207 ATX', reason: 'owned' }]);
    expect(statusOf(build, 'form_factor')).toBe('ok');
    expect(build.personalization.owned).toEqual([id.Case]);
  });

  it('shows a swap that breaks the socket check as an error, as the visitor asked', async () => {
    const base = await getBuild();
    expect(statusOf(base, 'cpu_socket')).toBe('ok');
    const build = await getBuild(`scegli=${id.CPU}:B0CPU00003`);
    expect(byType(build, 'CPU').name).toBe('Intel Core i5-14400F');
    expect(statusOf(build, 'cpu_socket')).toBe('error');
    expect(build.compatibility.verified).toBe(false);
  });

  it('recomputes the estimated power with the swapped parts', async () => {
    const base = await getBuild();
    const build = await getBuild(`scegli=${id.GPU}:B0GPU00003`);
    expect(build.compatibility.estimated_watts).toBeLessThan(base.compatibility.estimated_watts);
  });

  it('ignores and counts what is not a curated alternative, an unknown id or bad syntax, never failing', async () => {
    const query = [
      `scegli=${id.RAM}:B0GPU00002`, // a GPU alternative offered for the RAM
      'scegli=999999:B0GPU00002', // no such component
      `scegli=${id.GPU}:B0GPU00004`, // curated, but without a price
      `scegli=${id.GPU}:B0NOTCURAT`, // not curated at all
      'scegli=rotto',
      'possiedo=abc',
      'possiedo=999999',
      'budget=-5',
      `possiedo=${id.Case}`,
    ].join('&');
    const build = await getBuild(query);
    // Counted, never echoed: the answer holds no text of the link's.
    expect(build.personalization.ignored).toBe(8);
    expect(JSON.stringify(build)).not.toMatch(/B0NOTCURAT|rotto|999999/);
    // Only what was valid applied.
    expect(build.personalization.owned).toEqual([id.Case]);
    expect(build.personalization.choices).toEqual([]);
    expect(build.total_price).toBe(1128.4);
    expect(build.personalization.query).toBe(`possiedo=${id.Case}`);
  });

  it('answers hundreds of parameters and hostile values with a 200', async () => {
    const params = new URLSearchParams();
    for (let n = 0; n < 400; n += 1) params.append(n % 2 ? 'scegli' : 'possiedo', n % 3 ? `${n}:B0GPU00002` : `"'<script>%`);
    params.append('budget', '1e308');
    const response = await ctx.request('GET', `/api/builds/${slug}?${params.toString()}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.build.personalization.ignored).toBe(20);
    const page = await ctx.request('GET', `/build/${slug}?${params.toString()}`, { headers: { 'User-Agent': CHROME_UA } });
    expect(page.status, String(page.body).slice(0, 2000)).toBe(200);
  });
});

describe('budget', () => {
  it('is met without swaps when the build already fits', async () => {
    const build = await getBuild('budget=1300');
    expect(build.personalization).toMatchObject({ budget: 1300, budget_met: true, choices: [] });
    expect(build.total_price).toBe(BASE_TOTAL);
  });

  it('takes the fewest swaps, and among those the author priority before the closest total', async () => {
    // One swap is enough: the 5060 Ti (priority 1, 1113,40 €) fits 1120 € and beats the cheaper 9060 XT.
    const build = await getBuild('budget=1120');
    expect(build.personalization).toMatchObject({ budget: 1120, budget_met: true, choices: [{ component_id: id.GPU, asin: 'B0GPU00002', by: 'budget' }] });
    expect(build.total_price).toBe(1113.4);
    expect(byType(build, 'GPU').swapped_by).toBe('budget');
    // At 1100 € the 5060 Ti no longer fits: the 9060 XT alone does.
    const lower = await getBuild('budget=1100');
    expect(lower.personalization.choices).toEqual([{ component_id: id.GPU, asin: 'B0GPU00003', by: 'budget' }]);
    expect(lower.total_price).toBe(1033.4);
  });

  it('never takes a swap that makes a check worse, even the cheapest one', async () => {
    // 1000 € needs two swaps. The 300 W supply or the Intel CPU would save more, but they fail a check.
    const build = await getBuild('budget=1000');
    expect(build.personalization.budget_met).toBe(true);
    expect(build.personalization.choices.map((c: any) => c.asin).sort()).toEqual(['B0CPU00002', 'B0GPU00003']);
    expect(build.total_price).toBe(982.5);
    expect(statusOf(build, 'cpu_socket')).toBe('ok');
    expect(statusOf(build, 'psu_power')).toBe('ok');
    expect(cartAsins(build.cart_url)).toEqual(expect.arrayContaining(['B0CPU00002', 'B0GPU00003']));
  });

  it('says plainly when no approved combination reaches the budget, with the lowest admissible total', async () => {
    const build = await getBuild('budget=500');
    expect(build.personalization).toMatchObject({ budget: 500, budget_met: false, base_total: BASE_TOTAL });
    expect(build.total_price).toBe(982.5);
    const page = await ctx.request('GET', `/build/${slug}?budget=500`, { headers: { 'User-Agent': CHROME_UA } });
    expect(page.body).toContain('non si scende a 500,00');
  });

  it('keeps the visitor choices and owned parts and fits the rest around them', async () => {
    const build = await getBuild(`scegli=${id.CPU}:B0CPU00002&possiedo=${id.Case}&budget=1000`);
    // 1213,40 − 50,90 (CPU) − 85 (owned case) = 1077,50: one more swap, the 5060 Ti (priority 1) reaches 977,50.
    expect(build.personalization.choices).toEqual([
      { component_id: id.CPU, asin: 'B0CPU00002', by: 'visitor' },
      { component_id: id.GPU, asin: 'B0GPU00002', by: 'budget' },
    ]);
    expect(build.total_price).toBe(977.5);
    expect(byType(build, 'Case').owned).toBe(true);
  });

  it('keeps a part the visitor pinned to the author product out of the fit', async () => {
    const build = await getBuild(`scegli=${id.GPU}:B0GPU00001&budget=1100`);
    expect(byType(build, 'GPU').asin).toBe('B0GPU00001');
    expect(build.personalization.budget_met).toBe(false);
  });
});

describe('retailer data of the alternatives', () => {
  it('marks a stale alternative price with its date and does not offer an unavailable one', async () => {
    const { db } = ctx.database;
    const threeDaysAgo = new Date(ctx.clock.now().getTime() - 3 * 86_400_000).toISOString();
    await db.updateTable('alternatives').set({ price_updated_at: threeDaysAgo }).where('alternative_asin', '=', 'B0GPU00002').execute();
    await db.updateTable('alternatives').set({ availability: 'OUT_OF_STOCK' }).where('alternative_asin', '=', 'B0GPU00003').execute();
    const build = await getBuild(`scegli=${id.GPU}:B0GPU00003`);
    const gpu = byType(build, 'GPU');
    expect(gpu.alternatives.map((a: any) => [a.asin, a.price_updated_at])).toEqual([['B0GPU00002', threeDaysAgo]]);
    expect(gpu.asin).toBe('B0GPU00001');
    expect(build.personalization.ignored).toBe(1);
    const page = await ctx.request('GET', `/build/${slug}`, { headers: { 'User-Agent': CHROME_UA } });
    expect(page.body).toMatch(/NVIDIA GeForce RTX 5060 Ti 16GB[^]*?prezzo indicativo rilevato il/);
  });
});

describe('the page', () => {
  const get = (query = '') => ctx.request('GET', `/build/${slug}${query ? `?${query}` : ''}`, { headers: { 'User-Agent': CHROME_UA } });

  it('offers the Personalizza section with plain links and a GET budget form on the author build', async () => {
    const page = await get();
    expect(page.status).toBe(200);
    expect(page.body).toContain('>Personalizza<');
    // Every choice lands on the row of the part it changes; the budget on the summary of what changed.
    expect(page.body).toContain(`href="/build/${slug}?scegli=${id.GPU}:B0GPU00002#personalizza-${id.GPU}"`);
    expect(page.body).toContain(`href="/build/${slug}?possiedo=${id.Case}#personalizza-${id.Case}"`);
    expect(page.body).toContain(`id="personalizza-${id.GPU}"`);
    expect(page.body).toMatch(new RegExp(`<form[^>]*action="/build/${slug}#configurazione-personalizzata" method="get"`));
    // The way down to the section, near the top.
    expect(page.body).toMatch(/<a href="#personalizza"[^>]*data-testid="personalize-jump">Personalizza questa build<\/a>/);
    expect(page.body).not.toContain('noindex');
    expect(page.body).not.toContain('Configurazione personalizzata');
  });

  it('says what changed on a variant, is not indexed, points its canonical at the author build and shares itself', async () => {
    const query = `scegli=${id.GPU}:B0GPU00002&possiedo=${id.Case}`;
    const page = await get(query);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Configurazione personalizzata');
    expect(page.body).toContain('NVIDIA GeForce RTX 5060 Ti 16GB al posto di NVIDIA GeForce RTX 5070');
    expect(page.body).toContain('Già in tuo possesso');
    expect(page.body).toContain("Torna alla configurazione dell&#x27;autore");
    // The summary is the landing of the budget form, and links to the section and back.
    expect(page.body).toContain('id="configurazione-personalizzata"');
    // The owned case is shown as owned, in place of its price.
    expect(page.body).toMatch(/data-testid="owned-price">Già in tuo possesso</);
    expect(page.body).not.toContain('85,00');
    expect(page.body).toMatch(/<a href="#configurazione-personalizzata"[^>]*>Vedi il riepilogo delle modifiche<\/a>/);
    expect(page.body).toMatch(/<a href="#personalizza"[^>]*>Modifica in Personalizza<\/a>/);
    expect(page.body).toMatch(/<meta name="robots" content="noindex"/);
    expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/build/${slug}"`));
    expect(page.body).toContain(encodeURIComponent(`/build/${slug}?${query}`));
    // A click on the swapped part is counted under the alternative (its beacon names it).
    expect(page.body).toContain(`data-beacon="{&quot;build&quot;:&quot;${slug}&quot;,&quot;component_id&quot;:${id.GPU},&quot;asin&quot;:&quot;B0GPU00002&quot;}"`);
    // The budget form keeps the choices made.
    expect(page.body).toContain(`name="scegli" value="${id.GPU}:B0GPU00002"`);
    expect(page.body).toContain(`name="possiedo" value="${id.Case}"`);
  });

  it('counts ignored parameters in a notice, never quoting them, and still answers 200', async () => {
    const one = await get('scegli=ATTENZIONE%3A+offerta+scaduta%2C+chiama');
    expect(one.status).toBe(200);
    expect(one.body).toContain('1 parametro non valido ignorato.');
    expect(one.body).not.toMatch(/ATTENZIONE|offerta scaduta|chiama/);
    const two = await get(`possiedo=${id.Case}&scegli=${id.GPU}:B0NOTCURAT&possiedo=chiama-ora`);
    expect(two.body).toContain('2 parametri non validi ignorati.');
    expect(two.body).not.toMatch(/B0NOTCURAT|chiama-ora/);
  });

  it('caches a variant under its one spelling', async () => {
    const first = await get(`possiedo=${id.Case}&scegli=${id.GPU}:b0gpu00002&utm_source=x`);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const second = await get(`scegli=${id.GPU}:B0GPU00002&possiedo=${id.Case}&possiedo=${id.Case}`);
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(second.body).toBe(first.body);
    const author = await get();
    expect(author.body).not.toContain('Configurazione personalizzata');
  });
});

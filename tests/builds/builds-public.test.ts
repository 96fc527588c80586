import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(() => ctx.close());

// Every test starts from an empty catalogue, so tests never depend on each other's builds.
beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
});

const MINUTE = 60_000;
const NOT_FOUND_MESSAGE = 'La build richiesta non esiste.';
const CART_BASE = 'https://www.amazon.it/gp/aws/cart/add.html';
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const SUMMARY_FIELDS = ['id', 'slug', 'title', 'description', 'featured_image', 'category', 'budget', 'views', 'published_at', 'total_price', 'component_count'];
const PUBLIC_FIELDS = [
  ...SUMMARY_FIELDS,
  'content',
  'content_html',
  'meta_title',
  'meta_description',
  'affiliate_tag',
  'cart_url',
  'prices_updated_at',
  'components',
];
const COMPONENT_PUBLIC_FIELDS = ['id', 'type', 'name', 'specs', 'price', 'amazon_link', 'asin', 'position', 'is_replaced', 'replacement_reason', 'price_updated_at', 'availability'];

/** Creates a build through the admin API; the clock then moves on a minute so timestamps are distinct. */
async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  ctx.clock.advance(MINUTE);
  return response.body.build;
}

async function listPublic(query = '') {
  const response = await ctx.request('GET', `/api/builds${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.builds as any[];
}

async function titles(query = '') {
  return (await listPublic(query)).map((b) => b.title);
}

async function getPublic(slug: string, headers?: Record<string, string>) {
  return ctx.request('GET', `/api/builds/${encodeURIComponent(slug)}`, { headers });
}

function component(type: string, name: string, asin: string | null, price: number | null = 10) {
  return { type, name, price, amazon_link: asin ? `https://www.amazon.it/dp/${asin}` : null };
}

describe('GET /api/builds', () => {
  it('lists only published builds, newest published_at first', async () => {
    const early = await createBuild({ title: 'Bozza poi pubblicata', status: 'draft' });
    const published = await createBuild({ title: 'Pubblicata subito', status: 'published' });
    await createBuild({ title: 'Bozza', status: 'draft' });
    // Published last, although created first: it must come first.
    const republish = await ctx.request('PUT', `/api/admin/builds/${early.id}`, { token, body: sampleBuild({ title: early.title, status: 'published' }) });
    expect(republish.status).toBe(200);
    ctx.clock.advance(MINUTE);
    const newest = await createBuild({ title: 'Ultima pubblicata', status: 'published' });

    const builds = await listPublic();
    expect(builds.map((b) => b.id)).toEqual([newest.id, early.id, published.id]);
  });

  it('gives each build exactly the BuildSummary fields, with totals and euro amounts', async () => {
    const created = await createBuild({
      title: 'Build con totali',
      budget: 1234.56,
      components: [
        component('CPU', 'CPU', 'B0CPU00001', 199.9),
        component('GPU', 'GPU', 'B0GPU00001', 449),
        component('Case', 'Case senza prezzo', 'B0CASE0001', null),
        component('RAM', 'RAM', 'B0RAM00001', 109.5),
      ],
    });
    const empty = await createBuild({ title: 'Build senza componenti', budget: null, components: [] });

    const [emptySummary, summary] = await listPublic();
    expect(Object.keys(summary).sort()).toEqual([...SUMMARY_FIELDS].sort());
    expect(Object.keys(emptySummary).sort()).toEqual([...SUMMARY_FIELDS].sort());
    expect(summary).toEqual({
      id: created.id,
      slug: 'build-con-totali',
      title: 'Build con totali',
      description: 'Una build di prova per i test.',
      featured_image: null,
      category: 'gaming',
      budget: 1234.56,
      views: 0,
      published_at: created.published_at,
      total_price: 758.4,
      component_count: 4,
    });
    expect(emptySummary).toMatchObject({ id: empty.id, budget: null, total_price: 0, component_count: 0 });
  });

  it('searches case-insensitively also with accented Italian capitals', async () => {
    await createBuild({ title: 'È la build più silenziosa', description: 'PERCHÉ spendere di più?' });
    await createBuild({ title: 'Altra build', description: 'Nessun accento' });
    // The site search (decision 033): 'è' and 'la' are stop words, 'più' is 'piu' like any accent-free spelling.
    expect(await titles(`?q=${encodeURIComponent('è la build più')}`)).toEqual(['È la build più silenziosa']);
    expect(await titles(`?q=${encodeURIComponent('piu')}`)).toEqual(['È la build più silenziosa']);
    expect(await titles(`?q=${encodeURIComponent('perché')}`)).toEqual(['È la build più silenziosa']);
    expect(await titles(`?q=${encodeURIComponent('PIÙ')}`)).toEqual(['È la build più silenziosa']);
  });

  describe('filters', () => {
    beforeEach(async () => {
      await createBuild({ title: 'Gaming economico', description: 'Perfetta per il 1080p', category: 'gaming', budget: 600 });
      await createBuild({ title: 'Workstation Pro', description: 'Rendering e CAD senza compromessi', category: 'workstation', budget: 2500 });
      await createBuild({ title: 'Ufficio silenzioso', description: 'Silenziosa al 100% per lavorare', category: 'office', budget: 450 });
      await createBuild({ title: 'Mini_ITX compatto', description: 'Piccolo ma potente', category: 'gaming', budget: 900 });
      await createBuild({ title: 'Gaming in bozza', description: 'Non ancora pubblicata', category: 'gaming', budget: 700, status: 'draft' });
    });

    it('filters by category', async () => {
      expect(await titles('?category=gaming')).toEqual(['Mini_ITX compatto', 'Gaming economico']);
      expect(await titles('?category=office')).toEqual(['Ufficio silenzioso']);
      expect(await titles('?category=premium')).toEqual([]);
    });

    it('filters by minBudget and maxBudget, bounds included', async () => {
      expect(await titles('?minBudget=900')).toEqual(['Mini_ITX compatto', 'Workstation Pro']);
      expect(await titles('?maxBudget=600')).toEqual(['Ufficio silenzioso', 'Gaming economico']);
      expect(await titles('?minBudget=500&maxBudget=1000')).toEqual(['Mini_ITX compatto', 'Gaming economico']);
      expect(await titles('?minBudget=599.99&maxBudget=600.01')).toEqual(['Gaming economico']);
    });

    it('searches title and description case-insensitively', async () => {
      expect(await titles('?q=GAMING')).toEqual(['Gaming economico']);
      expect(await titles('?q=workSTATION')).toEqual(['Workstation Pro']);
      expect(await titles('?q=rendering')).toEqual(['Workstation Pro']);
      expect(await titles('?q=PICCOLO')).toEqual(['Mini_ITX compatto']);
      expect(await titles('?q=nessun%20risultato')).toEqual([]);
    });

    it('reads % and _ in q as punctuation between words, never as wildcards (decision 033)', async () => {
      expect(await titles(`?q=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await titles(`?q=${encodeURIComponent('100%')}`)).toEqual(['Ufficio silenzioso']);
      expect(await titles(`?q=${encodeURIComponent('_')}`)).toEqual([]);
      expect(await titles(`?q=${encodeURIComponent('Mini_')}`)).toEqual(['Mini_ITX compatto']);
      expect(await titles(`?q=${encodeURIComponent('G_ming')}`)).toEqual([]);
      expect(await titles(`?q=${encodeURIComponent('Gaming%economico')}`)).toEqual(['Gaming economico']);
    });

    it('pages with limit and offset', async () => {
      const all = await titles();
      expect(all).toEqual(['Mini_ITX compatto', 'Ufficio silenzioso', 'Workstation Pro', 'Gaming economico']);
      expect(await titles('?limit=2')).toEqual(all.slice(0, 2));
      expect(await titles('?limit=2&offset=1')).toEqual(all.slice(1, 3));
      expect(await titles('?offset=3')).toEqual(all.slice(3));
      expect(await titles('?offset=10')).toEqual([]);
    });

    it('combines filters', async () => {
      expect(await titles('?category=gaming&maxBudget=800')).toEqual(['Gaming economico']);
      expect(await titles('?category=gaming&q=compatto&minBudget=100')).toEqual(['Mini_ITX compatto']);
    });

    it('rejects an invalid budget filter with 400 and an Italian message', async () => {
      for (const query of ['?minBudget=abc', '?minBudget=-5', '?maxBudget=abc']) {
        const response = await ctx.request('GET', `/api/builds${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
        expect(response.body.error.message).toMatch(/numero positivo/);
      }
    });

    it('rejects a limit outside 1..100 or a fractional offset', async () => {
      for (const query of ['?limit=0', '?limit=101', '?limit=2.5', '?offset=1.5']) {
        const response = await ctx.request('GET', `/api/builds${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.error.message).toMatch(/(limit|offset) deve essere un numero intero/);
      }
    });
  });
});

describe('GET /api/builds/{slug}', () => {
  it('returns the BuildPublic fields with rendered content and meta fallbacks', async () => {
    const created = await createBuild({ title: 'Build completa', description: 'Descrizione completa', meta_title: '', meta_description: null });

    const response = await getPublic('build-completa');
    expect(response.status).toBe(200);
    const build = response.body.build;
    expect(Object.keys(build)).toEqual(expect.arrayContaining(PUBLIC_FIELDS));
    for (const c of build.components) expect(Object.keys(c)).toEqual(expect.arrayContaining(COMPONENT_PUBLIC_FIELDS));
    expect(build).toMatchObject({
      id: created.id,
      slug: 'build-completa',
      title: 'Build completa',
      description: 'Descrizione completa',
      category: 'gaming',
      budget: 1000,
      published_at: created.published_at,
      total_price: 758.4,
      component_count: 3,
      content: '## Introduzione\n\nTesto **importante**.',
      meta_title: 'Build completa',
      meta_description: 'Descrizione completa',
      affiliate_tag: 'buildpc-21',
    });
    expect(build.content_html).toContain('<h2>Introduzione</h2>');
    expect(build.content_html).toContain('<strong>importante</strong>');
    expect(build.components.map((c: any) => c.is_replaced)).toEqual([0, 0, 0]);
    expect(build.prices_updated_at).toEqual(expect.any(String));
  });

  it('uses explicit meta title and description when set', async () => {
    await createBuild({ title: 'Build meta', meta_title: 'Titolo SEO', meta_description: 'Descrizione SEO' });
    const build = (await getPublic('build-meta')).body.build;
    expect(build.meta_title).toBe('Titolo SEO');
    expect(build.meta_description).toBe('Descrizione SEO');
  });

  it('lists components in the spec type order regardless of position', async () => {
    await createBuild({
      title: 'Ordine componenti',
      components: [
        component('Other', 'Monitor', 'B0OTHER001'),
        component('Case', 'Case', 'B0CASE0001'),
        component('Cooler', 'Dissipatore', 'B0COOL0001'),
        component('PSU', 'Alimentatore', 'B0PSU00001'),
        component('Storage', 'SSD', 'B0SSD00001'),
        component('GPU', 'Scheda video', 'B0GPU00001'),
        component('RAM', 'Memoria', 'B0RAM00001'),
        component('Motherboard', 'Scheda madre', 'B0MOBO0001'),
        component('CPU', 'Processore', 'B0CPU00001'),
      ],
    });
    const build = (await getPublic('ordine-componenti')).body.build;
    expect(build.components.map((c: any) => c.type)).toEqual(['CPU', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Cooler', 'Case', 'Other']);
  });

  it("tags Amazon links with the build's affiliate tag, or the default one", async () => {
    await createBuild({
      title: 'Con tag',
      affiliate_tag: 'mionegozio-21',
      components: [
        component('CPU', 'CPU', 'B0CPU00001'),
        { type: 'GPU', name: 'GPU con altro tag', price: 10, amazon_link: 'https://www.amazon.it/dp/B0GPU00001?tag=altro-21&th=1' },
      ],
    });
    await createBuild({ title: 'Senza tag', affiliate_tag: '' });

    const tagged = (await getPublic('con-tag')).body.build;
    expect(tagged.affiliate_tag).toBe('mionegozio-21');
    for (const c of tagged.components) expect(new URL(c.amazon_link).searchParams.getAll('tag')).toEqual(['mionegozio-21']);
    expect(new URL(tagged.components[1].amazon_link).pathname).toBe('/dp/B0GPU00001');

    const untagged = (await getPublic('senza-tag')).body.build;
    expect(untagged.affiliate_tag).toBe('buildpc-21');
    expect(untagged.components).toHaveLength(3);
    for (const c of untagged.components) expect(new URL(c.amazon_link).searchParams.getAll('tag')).toEqual(['buildpc-21']);
  });

  it('builds the cart link from components with a valid, available ASIN and lists the ones left out', async () => {
    const created = await createBuild({
      title: 'Carrello',
      affiliate_tag: 'carrello-21',
      components: [
        component('CPU', 'Processore', 'B0CPU00001'),
        component('Motherboard', 'Scheda madre senza link', null),
        component('RAM', 'Memoria', 'B0RAM00001'),
        component('GPU', 'Scheda video esaurita', 'B0GPU00001'),
        component('Storage', 'SSD', 'B0SSD00001'),
      ],
    });
    const [, mobo, , gpu] = created.components;
    await ctx.database.db.updateTable('components').set({ availability: 'OUT_OF_STOCK' }).where('id', '=', gpu.id).execute();

    const build = (await getPublic('carrello')).body.build;
    expect(build.cart_url).toBe(
      `${CART_BASE}?AssociateTag=carrello-21&ASIN.1=B0CPU00001&Quantity.1=1&ASIN.2=B0RAM00001&Quantity.2=1&ASIN.3=B0SSD00001&Quantity.3=1`,
    );
    expect(build.cart_excluded).toEqual([
      { id: mobo.id, name: 'Scheda madre senza link', reason: 'missing_asin' },
      { id: gpu.id, name: 'Scheda video esaurita', reason: 'unavailable' },
    ]);
  });

  it('uses the default tag in the cart link of a build without its own tag', async () => {
    await createBuild({ title: 'Carrello default', components: [component('CPU', 'Processore', 'B0CPU00001')] });
    const build = (await getPublic('carrello-default')).body.build;
    expect(build.cart_url).toBe(`${CART_BASE}?AssociateTag=buildpc-21&ASIN.1=B0CPU00001&Quantity.1=1`);
    expect(build.cart_excluded).toEqual([]);
  });

  it('has no cart link when no component can go in the cart', async () => {
    const created = await createBuild({
      title: 'Nessun carrello',
      components: [component('CPU', 'Senza ASIN', null), component('GPU', 'Esaurita', 'B0GPU00001')],
    });
    await ctx.database.db.updateTable('components').set({ availability: 'OUT_OF_STOCK' }).where('id', '=', created.components[1].id).execute();
    await createBuild({ title: 'Vuota', components: [] });

    const build = (await getPublic('nessun-carrello')).body.build;
    expect(build.cart_url).toBeNull();
    expect(build.cart_excluded.map((e: any) => e.reason)).toEqual(['missing_asin', 'unavailable']);
    expect((await getPublic('vuota')).body.build.cart_url).toBeNull();
  });

  it('answers 404 for an unknown slug and for a draft', async () => {
    await createBuild({ title: 'Solo bozza', status: 'draft' });
    const unpublished = await createBuild({ title: 'Ritirata', status: 'published' });
    await ctx.request('PUT', `/api/admin/builds/${unpublished.id}`, { token, body: sampleBuild({ title: 'Ritirata', status: 'draft' }) });

    for (const slug of ['non-esiste', 'solo-bozza', 'ritirata']) {
      const response = await getPublic(slug);
      expect(response.status, slug).toBe(404);
      expect(response.body).toMatchObject({ error: { message: NOT_FOUND_MESSAGE } });
    }
  });
});

describe('views', () => {
  // What a visit is, and its counting, are tested through the pages (tests/analytics/visits.test.ts).
  it('reading a build through the API is not a visit, even from a browser navigating', async () => {
    const build = await createBuild({ title: 'Build letta dalla API' });
    for (const ip of ['203.0.113.10', '203.0.113.11']) {
      const response = await getPublic(build.slug, { 'User-Agent': CHROME_UA, 'X-Forwarded-For': ip, 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' });
      expect(response.status).toBe(200);
      expect(response.body.build.views).toBe(0);
    }
    await ctx.services.analytics.flushVisits();
    expect((await ctx.request('GET', '/api/admin/stats', { token })).body.stats.totalViews).toBe(0);
    expect((await ctx.request('GET', `/api/admin/builds/${build.id}`, { token })).body.build.views).toBe(0);
  });
});

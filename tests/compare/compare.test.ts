/**
 * The comparison page (/confronta) through the real app on both databases: 2 or 3 public builds
 * side by side (parts by type, totals, differences, compatibility, price history, cart links), what is
 * left out and said so, its one spelling, and the two ways in: the home's "Confronta" checkboxes and the
 * build page's "Confronta con…".
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeObservations } from '../../src/modules/pricing';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let pages: PageBuild;
let ctx: TestContext;
let token: string;
const window = new Window();

const DAY = 86_400_000;
const AFFILIATE_REL = 'sponsored nofollow noopener';

const CPU = { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0CMPCPU01' };
const RAM = { type: 'RAM', name: 'Corsair Vengeance 32GB DDR5', price: 109.5, amazon_link: 'https://www.amazon.it/dp/B0CMPRAM01' };

/** Slugs by role. */
const slug = { base: '', plus: '', editing: '', office: '', draft: '', scheduled: '' };

async function createBuild(overrides: Record<string, unknown>): Promise<string> {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build.slug;
}

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
  const { db } = ctx.database;
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  slug.base = await createBuild({
    title: 'PC Gaming Base',
    category: 'gaming',
    affiliate_tag: 'confronto-21',
    components: [
      CPU,
      { type: 'GPU', name: 'NVIDIA GeForce RTX 5060', price: 329, amazon_link: 'https://www.amazon.it/dp/B0CMPGPU01' },
      RAM,
      { type: 'Storage', name: 'SSD NVMe 1TB', price: 69, amazon_link: 'https://www.amazon.it/dp/B0CMPSSD01' },
      { type: 'Storage', name: 'HDD 2TB', price: 59, amazon_link: 'https://www.amazon.it/dp/B0CMPHDD01' },
      { type: 'PSU', name: 'Alimentatore 650W', price: 75, amazon_link: 'https://www.amazon.it/dp/B0CMPPSU01' },
    ],
  });
  slug.plus = await createBuild({
    title: 'PC Gaming Plus',
    category: 'gaming',
    components: [
      RAM,
      CPU,
      { type: 'GPU', name: 'NVIDIA GeForce RTX 5070 Ti', price: 849, amazon_link: 'https://www.amazon.it/dp/B0CMPGPU02' },
      { type: 'Storage', name: 'SSD NVMe 2TB', price: 129, amazon_link: 'https://www.amazon.it/dp/B0CMPSSD02' },
      { type: 'Case', name: 'Case ATX', price: 90, amazon_link: 'https://www.amazon.it/dp/B0CMPCAS01' },
    ],
  });
  slug.editing = await createBuild({
    title: 'PC Editing',
    category: 'editing',
    components: [{ type: 'CPU', name: 'AMD Ryzen 9 9900X', price: 429, amazon_link: 'https://www.amazon.it/dp/B0CMPCPU03' }, RAM],
  });
  slug.office = await createBuild({ title: 'PC Ufficio', category: 'office', components: [{ type: 'CPU', name: 'Intel Core i3-14100', price: 119 }] });
  slug.draft = await createBuild({ title: 'Bozza da confrontare', status: 'draft' });
  slug.scheduled = await createBuild({ title: 'Build in arrivo', status: 'scheduled', publish_at: new Date(ctx.clock.now().getTime() + 30 * DAY).toISOString() });
  // Two days of prices for the CPUs: every build with one of them gets a history of its total.
  const now = ctx.clock.now().getTime();
  for (const [daysAgo, price] of [
    [3, 209.9],
    [1, 189.9],
  ] as const) {
    const observedAt = new Date(now - daysAgo * DAY).toISOString();
    const observations = [
      { asin: 'B0CMPCPU01', priceCents: Math.round(price * 100), availability: 'IN_STOCK' },
      { asin: 'B0CMPCPU03', priceCents: Math.round((price + 200) * 100), availability: 'IN_STOCK' },
    ];
    await ctx.database.db.transaction().execute((trx) => storeObservations(trx, ctx.clock, observations, observedAt));
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await pages?.close();
  await window.happyDOM.close();
});

async function html(path: string) {
  const response = await ctx.request('GET', path);
  expect(response.status, path).toBe(200);
  return new window.DOMParser().parseFromString(response.body as string, 'text/html');
}

type Doc = Awaited<ReturnType<typeof html>>;

const text = (node: { textContent: string | null } | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const compare = (...slugs: string[]) => `/confronta?${slugs.map((s) => `build=${encodeURIComponent(s)}`).join('&')}`;
/** The columns' builds, by the title each one links. */
const columns = (doc: Doc) => [...doc.querySelectorAll('[data-testid="compare-build"] a')].map(text);
const rows = (doc: Doc) => [...doc.querySelectorAll('[data-testid="compare-row"]')];
const notices = (doc: Doc) => [...doc.querySelectorAll('[data-testid="compare-notice"]')].map(text);

async function apiBuild(s: string) {
  const response = await ctx.request('GET', `/api/builds/${s}`);
  expect(response.status).toBe(200);
  return response.body.build;
}

describe('two builds side by side', () => {
  it('puts the parts row by row in the catalogue type order, marks what differs, and keeps two parts of one type in one cell', async () => {
    const doc = await html(compare(slug.base, slug.plus));
    expect(columns(doc)).toEqual(['PC Gaming Base', 'PC Gaming Plus']);
    expect(rows(doc).map((row) => [row.getAttribute('data-type'), row.getAttribute('data-same')])).toEqual([
      ['CPU', 'true'],
      ['RAM', 'true'],
      ['GPU', 'false'],
      ['Storage', 'false'],
      ['PSU', 'false'],
      ['Case', 'false'],
    ]);
    const [cpu, , gpu, storage, psu, caseRow] = rows(doc);
    expect(text(cpu!.querySelector('th'))).toBe('CPU Uguale');
    expect(text(gpu!.querySelector('th'))).toBe('GPU Diverso');
    const cells = (row: ReturnType<typeof rows>[number]) => [...row.querySelectorAll('td')];
    expect(cells(storage!)[0]!.querySelectorAll('[data-testid="compare-part"]')).toHaveLength(2);
    expect(text(cells(storage!)[0]!)).toContain('SSD NVMe 1TB');
    expect(text(cells(storage!)[0]!)).toContain('HDD 2TB');
    // A type one build lacks: a dash, and the words for it.
    expect(text(cells(psu!)[1]!)).toBe('—Nessun componente di questo tipo');
    expect(text(cells(caseRow!)[0]!)).toBe('—Nessun componente di questo tipo');
  });

  it('gives each part its price with its date and the affiliate link the build page renders', async () => {
    const doc = await html(compare(slug.base, slug.plus));
    const gpu = rows(doc).find((row) => row.getAttribute('data-type') === 'GPU')!;
    const [basePart] = [...gpu.querySelectorAll('[data-testid="compare-part"]')];
    expect(text(basePart!.querySelector('p'))).toBe('NVIDIA GeForce RTX 5060');
    expect(text(basePart!)).toContain('329,00 €');
    expect(text(basePart!)).toMatch(/Prezzo aggiornato al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    const link = basePart!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://www.amazon.it/dp/B0CMPGPU01?tag=confronto-21');
    expect(link.getAttribute('rel')).toBe(AFFILIATE_REL);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the totals as the build pages do, marks the cheapest, and links each cart and page', async () => {
    const doc = await html(compare(slug.plus, slug.base));
    const totals = [...doc.querySelectorAll('[data-testid="compare-total"]')].map(text);
    for (const [index, s] of [slug.plus, slug.base].entries()) {
      const buildPage = await html(`/build/${s}`);
      expect(totals[index]).toBe(text(buildPage.querySelector('[data-testid="total"]')));
    }
    // The CPU's observed price (189,90 €) is the one both builds show now.
    expect(totals).toEqual(['1.367,40 €', '831,40 €']);
    const totalCells = [...doc.querySelectorAll('[data-testid="compare-totals"] td')];
    expect(totalCells.map((cell) => cell.getAttribute('data-cheapest'))).toEqual([null, 'true']);
    expect(text(totalCells[1]!)).toContain('La più economica');
    expect(text(totalCells[0]!)).not.toContain('La più economica');
    expect(text(totalCells[0]!)).toContain("I prezzi e la disponibilità possono variare.");

    const buy = [...doc.querySelectorAll('[data-testid="compare-buy"] td')];
    for (const [index, s] of [slug.plus, slug.base].entries()) {
      const cart = [...buy[index]!.querySelectorAll('a')].find((a) => text(a) === 'Compra Tutto su Amazon')!;
      expect(cart.getAttribute('href')).toBe((await apiBuild(s)).cart_url);
      expect(cart.getAttribute('rel')).toBe(AFFILIATE_REL);
      expect([...buy[index]!.querySelectorAll('a')].some((a) => a.getAttribute('href') === `/build/${s}`)).toBe(true);
      expect(text(buy[index]!)).toContain('In qualità di Affiliato Amazon io ricevo un guadagno dagli acquisti idonei.');
    }
  });

  it('sums up power and compatibility as the API reports them: counts, and the messages of the checks not passed', async () => {
    const doc = await html(compare(slug.base, slug.plus));
    const power = [...doc.querySelectorAll('[data-testid="compare-power"] td')].map(text);
    const checks = [...doc.querySelectorAll('[data-testid="compare-compatibility"] td')];
    for (const [index, s] of [slug.base, slug.plus].entries()) {
      const { compatibility } = await apiBuild(s);
      expect(power[index]).toBe(compatibility.estimated_watts === null ? 'Non disponibile' : `${compatibility.estimated_watts} W`);
      const count = (status: string) => compatibility.checks.filter((check: { status: string }) => check.status === status).length;
      expect(text(checks[index]!)).toContain(`Superati: ${count('ok')} · Da verificare: ${count('warning')} · Errori: ${count('error')}`);
      const notPassed = compatibility.checks.filter((check: { status: string }) => check.status !== 'ok');
      expect(checks[index]!.querySelectorAll('li')).toHaveLength(notPassed.length);
      for (const check of notPassed) expect(text(checks[index]!)).toContain(check.message);
    }
  });
});

describe('three builds', () => {
  it('adds a third column and draws one price line per build with a legend', async () => {
    const doc = await html(compare(slug.editing, slug.base, slug.plus));
    expect(columns(doc)).toEqual(['PC Editing', 'PC Gaming Base', 'PC Gaming Plus']);
    for (const row of rows(doc)) expect(row.querySelectorAll('td')).toHaveLength(3);
    // The editing build's CPU is another product: the row differs even where the two gaming builds agree.
    expect(rows(doc).find((row) => row.getAttribute('data-type') === 'CPU')!.getAttribute('data-same')).toBe('false');
    const chart = doc.querySelector('[data-testid="compare-chart"]')!;
    expect(chart.querySelector('svg[role="img"]')).not.toBeNull();
    const lines = [...chart.querySelectorAll('[data-testid="compare-line"] path')].map((path) => path.getAttribute('d'));
    expect(lines).toHaveLength(3);
    for (const d of lines) expect(d).toMatch(/^M[\d.]+ [\d.]+H[\d.]+V[\d.]+$/);
    // Told apart by pattern, not colour alone.
    expect(new Set([...chart.querySelectorAll('[data-testid="compare-line"] path')].map((path) => path.getAttribute('stroke-dasharray'))).size).toBe(3);
    const legend = [...chart.querySelectorAll('#compare-chart-legend li')].map(text);
    expect(legend).toHaveLength(3);
    expect(legend[1]).toMatch(/^PC Gaming Base: da 851,40 € \(.+\) a 831,40 € \(.+\)$/);
  });
});

describe('what cannot be compared', () => {
  it('leaves out unknown, malformed, draft and future scheduled slugs, counting them and never quoting them', async () => {
    const doc = await html(compare(slug.base, 'non-esiste', slug.draft, 'Slug Non Valido!', slug.scheduled, slug.plus));
    expect(columns(doc)).toEqual(['PC Gaming Base', 'PC Gaming Plus']);
    expect(notices(doc)).toEqual(['4 build non trovate o non pubblicate, lasciate fuori.']);
    expect(text(doc.querySelector('main'))).not.toMatch(/non-esiste|Slug Non Valido/);
    // U+0000 is refused before any page (middleware/nul-character.ts): a 404, never a 500.
    expect((await ctx.request('GET', `${compare(slug.base, slug.plus)}&build=%00x`)).status).toBe(404);
    expect(text(doc.querySelector('main'))).not.toContain('Bozza da confrontare');
    expect(text(doc.querySelector('main'))).not.toContain('Build in arrivo');
  });

  it('compares the first three when asked for more, and names the public builds left out by their titles', async () => {
    const doc = await html(compare(slug.office, slug.base, slug.plus, slug.editing, 'non-esiste', slug.draft));
    expect(columns(doc)).toEqual(['PC Ufficio', 'PC Gaming Base', 'PC Gaming Plus']);
    expect(notices(doc)).toEqual([
      '2 build non trovate o non pubblicate, lasciate fuori.',
      'Si possono confrontare al massimo 3 build: sono state confrontate le prime 3, lasciate fuori «PC Editing».',
    ]);
    // The slug of the build left out, the unknown slug and the draft's title are nowhere on the page.
    expect(text(doc.querySelector('main'))).not.toContain(slug.editing);
    expect(text(doc.querySelector('main'))).not.toMatch(/non-esiste|Bozza da confrontare/);
  });

  it('with fewer than two builds says so and offers a way to pick: another build for the one given, the home cards', async () => {
    const one = await html(compare(slug.base, 'non-esiste'));
    expect(columns(one)).toEqual([]);
    expect(text(one.querySelector('[data-testid="compare-pick"]'))).toContain('Scegli almeno 2 build da confrontare (al massimo 3). Hai scelto «PC Gaming Base»');
    expect(notices(one)).toEqual(['1 build non trovata o non pubblicata, lasciata fuori.']);
    const form = one.querySelector('[data-testid="compare-with"] form')!;
    expect(form.getAttribute('action')).toBe('/confronta');
    expect(form.querySelector('input[type="hidden"][name="build"]')!.getAttribute('value')).toBe(slug.base);
    expect(one.querySelector('a[href="/#builds"]')).not.toBeNull();

    for (const path of ['/confronta', '/confronta?build=', compare(slug.draft), `/confronta?build=${'x'.repeat(300)}`]) {
      const none = await html(path);
      expect(text(none.querySelector('h1')), path).toBe('Confronta le build');
      expect(none.querySelector('[data-testid="compare-with"]')).toBeNull();
      expect(none.querySelector('a[href="/#builds"]'), path).not.toBeNull();
    }
    const words = await html('/confronta?build=ATTENZIONE%3A+offerta+scaduta%2C+chiama+il+numero');
    expect(notices(words)).toEqual(['1 build non trovata o non pubblicata, lasciata fuori.']);
    expect(words.body.innerHTML).not.toMatch(/ATTENZIONE|offerta scaduta/);
  });

  it('counts a build asked twice once', async () => {
    const doc = await html(compare(slug.plus, slug.plus, slug.base, slug.plus));
    expect(columns(doc)).toEqual(['PC Gaming Plus', 'PC Gaming Base']);
    expect(notices(doc)).toEqual([]);
  });
});

describe('not for search engines, one spelling', () => {
  it('is noindex, follow, with a canonical of the builds shown in the order asked', async () => {
    const doc = await html(`${compare(slug.plus, slug.plus, 'non-esiste', slug.base)}&utm_source=x`);
    expect(doc.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex, follow');
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toMatch(new RegExp(`/confronta\\?build=${slug.plus}&build=${slug.base}$`));
    expect(text(doc.querySelector('title'))).toBe('Confronto: PC Gaming Plus e PC Gaming Base | Build PC');
  });

  it('is served from the page cache under its builds, deduplicated, in order', async () => {
    const first = await ctx.request('GET', `${compare(slug.base, slug.plus)}&utm=1`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=60');
    const again = await ctx.request('GET', compare(slug.base, slug.base, slug.plus));
    expect(again.body).toBe(first.body);
    const reversed = await ctx.request('GET', compare(slug.plus, slug.base));
    expect(columnsOf(reversed.body as string)).toEqual(['PC Gaming Plus', 'PC Gaming Base']);
  });

  it('never keeps an entry for a comparison naming builds that do not exist', async () => {
    const junk = `${compare(slug.base, slug.office)}&build=inventata-1`;
    for (let n = 0; n < 2; n++) {
      const answer = await ctx.request('GET', junk);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('X-Cache')).toBeNull();
      expect(answer.headers.get('X-Page-Key')).toBeNull();
      expect(answer.body).toContain('1 build non trovata o non pubblicata, lasciata fuori.');
    }
    const valid = compare(slug.office, slug.base);
    expect((await ctx.request('GET', valid)).headers.get('X-Cache')).toBe('MISS');
    expect((await ctx.request('GET', valid)).headers.get('X-Cache')).toBe('HIT');
  });
});

const columnsOf = (body: string) => columns(new window.DOMParser().parseFromString(body, 'text/html'));

describe('the ways in', () => {
  it('the home grid is a GET form to /confronta with a "Confronta" checkbox per card and a submit button', async () => {
    const doc = await html('/');
    const form = doc.querySelector('form[data-testid="compare-form"]')!;
    expect(form.getAttribute('action')).toBe('/confronta');
    expect(form.getAttribute('method')).toBe('get');
    const boxes = [...form.querySelectorAll('input[type="checkbox"][name="build"]')];
    expect(boxes.map((box) => box.getAttribute('value')).sort()).toEqual([slug.base, slug.plus, slug.editing, slug.office].sort());
    for (const box of boxes) {
      const label = box.closest('label')!;
      expect(text(label)).toMatch(/^Confronta /);
      // Not inside the card's link.
      expect(box.closest('a')).toBeNull();
    }
    const button = form.querySelector('button[type="submit"]')!;
    expect(text(button)).toBe('Confronta le build selezionate');
    expect(text(doc.getElementById(button.getAttribute('aria-describedby')!))).toBe('Seleziona da 2 a 3 build con «Confronta».');
  });

  it('the build page offers "Confronta con…": the same category first, then the nearest total, public builds only', async () => {
    const doc = await html(`/build/${slug.base}`);
    const section = doc.querySelector('[data-testid="compare-with"]')!;
    expect(text(section.querySelector('h2'))).toBe('Confronta con…');
    const form = section.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/confronta');
    expect(form.querySelector('input[type="hidden"][name="build"]')!.getAttribute('value')).toBe(slug.base);
    const options = [...form.querySelectorAll('select[name="build"] option')].map((option) => option.getAttribute('value'));
    // Base 831,40 €: Plus (same category), then Editing 499,40 €, then Ufficio 119 €.
    expect(options).toEqual([slug.plus, slug.editing, slug.office]);
    expect(text(form.querySelector('button[type="submit"]'))).toBe('Confronta');
    expect(form.querySelector(`label[for="${form.querySelector('select')!.getAttribute('id')}"]`)).not.toBeNull();
  });

  it('offers at most 12 builds, however many there are', async () => {
    const extra: string[] = [];
    for (let index = 0; index < 13; index++) {
      extra.push(await createBuild({ title: `PC Gaming extra ${index}`, category: 'gaming', components: [{ type: 'CPU', name: 'CPU', price: 800 + index * 10 }] }));
    }
    try {
      const doc = await html(`/build/${slug.base}`);
      const options = [...doc.querySelectorAll('[data-testid="compare-with"] option')].map((option) => option.getAttribute('value'));
      expect(options).toHaveLength(12);
      // Gaming only (all 14 others are gaming), nearest to 831,40 € first: 830, 840, 820, 850, …
      expect(options.slice(0, 4)).toEqual([extra[3], extra[4], extra[2], extra[5]]);
      expect(options).not.toContain(slug.editing);
    } finally {
      await ctx.database.db.deleteFrom('components').where('build_id', 'in', ctx.database.db.selectFrom('builds').select('id').where('slug', 'in', extra)).execute();
      await ctx.database.db.deleteFrom('builds').where('slug', 'in', extra).execute();
    }
  });
});

// Last: the long-named build it publishes would join the other tests' lists.
describe('the title', () => {
  it('names up to three builds in the title, and counts them when the names would not fit', async () => {
    const three = await html(compare(slug.plus, slug.base, slug.editing));
    expect(text(three.querySelector('title'))).toBe('Confronto: PC Gaming Plus, PC Gaming Base e PC Editing | Build PC');
    const long = await createBuild({ title: 'PC da gaming e streaming in 4K con raffreddamento a liquido e tanto RGB' });
    const counted = await html(compare(slug.plus, long, slug.editing));
    expect(text(counted.querySelector('title'))).toBe('Confronto di 3 build | Build PC');
    expect(text(counted.querySelector('title')).length).toBeLessThanOrEqual(65);
  });
});

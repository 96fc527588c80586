/**
 * Which links are Amazon's (common/amazon-hosts.ts), seen from outside on SQLite and PostgreSQL: a
 * component whose link only looks like Amazon's (`amazon.ab.cd`, `x.amazon.co.xyz`, `amazon.it@evil.com`)
 * is an ordinary external link: no ASIN read from it, no affiliate tag, no rel="sponsored", not in the
 * "Compra Tutto" cart, on the JSON API and on the page; a real amazon.it link keeps all of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const TAG = 'negozio-21';
const REAL = 'https://www.amazon.it/dp/B0REAL0001';
const LOOK_ALIKES = {
  'Processore da un dominio simile': 'https://amazon.ab.cd/dp/B0FAKE0001',
  'Scheda video da un sottodominio simile': 'https://x.amazon.co.xyz/dp/B0FAKE0002',
  'Memoria dietro un nome utente': 'https://amazon.it@evil.com/dp/B0FAKE0003',
} as const;

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

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange();
});

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every link of the page with its rel and its text. */
function anchors(html: string): { href: string; rel: string | undefined; text: string }[] {
  return [...html.matchAll(/<a ([^>]*)>((?:(?!<\/a>)[\s\S])*)<\/a>/g)].map((match) => ({
    href: decode(/href="([^"]*)"/.exec(match[1]!)?.[1] ?? ''),
    rel: /rel="([^"]*)"/.exec(match[1]!)?.[1],
    text: decode(match[2]!.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim(),
  }));
}

async function createBuild(components: { type: string; name: string; amazon_link: string; asin?: string }[], content = '') {
  const body = sampleBuild({ title: 'Build con link misti', affiliate_tag: TAG, content, components: components.map((c) => ({ price: 100, ...c })) });
  const response = await ctx.request('POST', '/api/admin/builds', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; components: { id: number; name: string; asin: string | null; amazon_link: string }[] };
}

const mixedComponents = () => [
  { type: 'Case', name: 'Case da Amazon', amazon_link: REAL },
  ...Object.entries(LOOK_ALIKES).map(([name, amazon_link], i) => ({ type: ['CPU', 'GPU', 'RAM'][i]!, name, amazon_link })),
];

describe('a look-alike of Amazon is an ordinary external link', () => {
  it('reads no ASIN from it; a real amazon.it link gives its ASIN', async () => {
    const build = await createBuild(mixedComponents());
    const asins = Object.fromEntries(build.components.map((c) => [c.name, c.asin]));
    expect(asins).toEqual({
      'Case da Amazon': 'B0REAL0001',
      'Processore da un dominio simile': null,
      'Scheda video da un sottodominio simile': null,
      'Memoria dietro un nome utente': null,
    });
    // The admin gets each link as typed.
    expect(build.components.map((c) => c.amazon_link).sort()).toEqual([REAL, ...Object.values(LOOK_ALIKES)].sort());
  });

  it('JSON API: no tag on it and not in the cart, which says why; the amazon.it link is tagged and in the cart', async () => {
    const build = await createBuild(mixedComponents());
    const response = await ctx.request('GET', `/api/builds/${build.slug}`, { headers: BROWSER });
    expect(response.status).toBe(200);
    const published = response.body.build;
    const links = Object.fromEntries(published.components.map((c: { name: string; amazon_link: string }) => [c.name, c.amazon_link]));
    expect(links['Case da Amazon']).toBe(`${REAL}?tag=${TAG}`);
    for (const [name, link] of Object.entries(LOOK_ALIKES)) expect(links[name], name).toBe(link);

    expect(published.cart_url).toBe(`https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=${TAG}&ASIN.1=B0REAL0001&Quantity.1=1`);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...published.cart_excluded].sort(byName)).toEqual(
      Object.keys(LOOK_ALIKES)
        .map((name) => ({ id: build.components.find((c) => c.name === name)!.id, name, reason: 'external_link' }))
        .sort(byName),
    );
  });

  it('stays out of the cart even with an ASIN of its own (typed by hand, or stored before the host list)', async () => {
    const build = await createBuild([
      { type: 'Case', name: 'Case da Amazon', amazon_link: REAL },
      { type: 'CPU', name: 'Processore con ASIN scritto a mano', amazon_link: 'https://amazon.ab.cd/dp/B0FAKE0001', asin: 'B0FAKE0001' },
    ]);
    expect(build.components.find((c) => c.name === 'Processore con ASIN scritto a mano')!.asin).toBe('B0FAKE0001');
    const published = (await ctx.request('GET', `/api/builds/${build.slug}`, { headers: BROWSER })).body.build;
    expect(published.cart_url).not.toContain('B0FAKE0001');
    expect(published.cart_excluded.map((e: { reason: string }) => e.reason)).toEqual(['external_link']);
    expect(published.components.find((c: { name: string }) => c.name === 'Processore con ASIN scritto a mano').amazon_link).toBe('https://amazon.ab.cd/dp/B0FAKE0001');
  });

  it('page: rendered without tag and without sponsored, named as left out of the cart; the amazon.it link keeps tag, sponsored and cart', async () => {
    const article = '[finto negozio](https://amazon.ab.cd/dp/B0FAKE0009) e [vero negozio](https://www.amazon.it/dp/B0REAL0009)';
    const build = await createBuild(mixedComponents(), article);
    const response = await ctx.app.request(`/build/${build.slug}`, { headers: BROWSER });
    expect(response.status).toBe(200);
    const html = await response.text();
    const links = anchors(html);

    const real = links.filter((a) => a.href.startsWith(REAL));
    expect(real).toEqual([{ href: `${REAL}?tag=${TAG}`, rel: 'sponsored nofollow noopener', text: 'Vedi su Amazon (link affiliato, si apre in una nuova scheda)' }]);
    for (const link of Object.values(LOOK_ALIKES)) {
      expect(links.filter((a) => a.href.includes('B0FAKE000') && a.href.startsWith(link.slice(0, 20)) && !a.href.includes('B0FAKE0009')), link).toEqual([
        { href: link, rel: 'noopener noreferrer', text: 'Vedi il prodotto (sito esterno, si apre in una nuova scheda)' },
      ]);
    }
    // The article's links: the same rule.
    expect(links.find((a) => a.text === 'finto negozio')).toEqual({ href: 'https://amazon.ab.cd/dp/B0FAKE0009', rel: 'noopener noreferrer', text: 'finto negozio' });
    expect(links.find((a) => a.text === 'vero negozio')).toEqual({ href: `https://www.amazon.it/dp/B0REAL0009?tag=${TAG}`, rel: 'sponsored nofollow noopener', text: 'vero negozio' });

    const carts = links.filter((a) => a.text.includes('Compra Tutto su Amazon'));
    expect(carts.length).toBeGreaterThan(0);
    for (const cart of carts) {
      expect(cart).toMatchObject({ href: `https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=${TAG}&ASIN.1=B0REAL0001&Quantity.1=1`, rel: 'sponsored nofollow noopener' });
    }
    const leftOut = /Non inclusi nel carrello: ([^<]*)/.exec(decode(html.replace(/<!-- -->/g, '')))?.[1];
    expect(leftOut?.split(/(?<=\)), /).sort()).toEqual(Object.keys(LOOK_ALIKES).map((name) => `${name} (link esterno, non Amazon)`).sort());
    expect(html).not.toContain('B0FAKE0001&');
    expect(html).not.toMatch(/ASIN\.\d=B0FAKE/);
  });
});

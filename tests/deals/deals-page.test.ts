/**
 * /offerte (decision 046) as a server-rendered document on SQLite and PostgreSQL: the 15 % deal with its
 * product, price and date, previous 30-day low, percentage, build links and the disclosure; the empty state
 * saying when prices were last checked; the filters as a GET form; canonical, robots and the breadcrumb
 * JSON-LD; the page in the sitemap and linked from the header and footer; the cached page dropped by the
 * refresh that ends the deal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AFFILIATE_DISCLOSURE } from '../../src/common/price-freshness';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { clearDealTables, CPU, createBuild, GPU, RAM, refreshBuild, seedHistory, setPrices } from './deals-fixtures';

let fake: FakeCreatorsApi;
let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  pages = await loadPageBuild();
  ctx = await createTestContext({ ...retailerEnv(fake), SITE_NAME: 'Build PC' }, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
  await fake?.close();
});
beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await clearDealTables(ctx);
  setPrices(fake, { [CPU]: 200, [GPU]: 449, [RAM]: 109.5 });
});

async function page(path = '/offerte') {
  const response = await ctx.app.request(path);
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(200);
  return { html: html.replace(/[\u00a0\u202f]/g, ' '), headers: response.headers };
}

describe('/offerte', () => {
  it('shows the deal with its price and date, the previous low, the drop, its builds and the disclosure', async () => {
    const build = await createBuild(ctx, token, { title: 'PC in offerta' });
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    const { html } = await page();
    expect(html).toContain('AMD Ryzen 5 7600');
    expect(html).toContain('170,00 €');
    expect(html).toMatch(/Prezzo aggiornato al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(html).toContain('Prezzo più basso dei 30 giorni precedenti: <span class="font-semibold">200,00 €</span>');
    expect(html).toContain('−15 %');
    expect(html).toContain(`href="/build/${build.slug}"`);
    expect(html).toContain(AFFILIATE_DISCLOSURE);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/offerte"/>');
    expect(html).not.toContain('noindex');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(jsonLd.map((item) => item['@type'])).toEqual(['BreadcrumbList']);
    // No script is needed: the filters are a GET form.
    expect(html).toMatch(/<form[^>]*action="\/offerte" method="get"/);
  });

  it('says when prices were last checked when there is no deal; a filtered page is noindex and canonical on /offerte', async () => {
    const build = await createBuild(ctx, token);
    await refreshBuild(ctx, token, build.id);
    const { html } = await page('/offerte?tipo=gpu&categoria=gaming');
    expect(html).toContain('Nessuna offerta in questo momento');
    expect(html).toMatch(/Prezzi controllati il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/offerte"/>');
    expect(html).toContain('noindex, follow');
    expect(html).toContain('Offerte: GPU per build gaming');
  });

  it('is dropped from the cache by the refresh that ends the deal', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    expect((await page()).html).toContain('−15 %');
    expect((await page()).headers.get('X-Cache')).toBe('HIT');
    setPrices(fake, { [CPU]: 200 });
    await refreshBuild(ctx, token, build.id);
    const after = await page();
    expect(after.html).not.toContain('−15 %');
    expect(after.html).toContain('Nessuna offerta in questo momento');
  });

  it('is in the sitemap and linked from the header and the footer, with its feed', async () => {
    const sitemap = await (await ctx.app.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost:3000/offerte</loc>');
    const { html } = await page('/');
    expect(html.match(/href="\/offerte"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('href="/offerte/feed.xml"');
  });
});

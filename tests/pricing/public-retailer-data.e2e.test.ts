/**
 * The retailer's data on a public build page, in Chromium (decision 019): each component's thumbnail (the
 * retailer's URL, sized so nothing moves when it arrives, lazy), "Prezzo più basso negli ultimi 30 giorni"
 * and the build total's history as an accessible SVG with no script. The prices come from a real refresh
 * against the fake Creators API; older observations are written the way a refresh writes them. The image
 * host is answered by the test (no request leaves the machine).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeObservations } from '../../src/modules/pricing';
import { type FakeCreatorsApi, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { apiCreateBuild, apiJson, apiLogin } from '../e2e/admin-helpers';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from '../e2e/harness';

const GPU = 'B0E2EGPU01';
const IMAGE_URL = 'https://m.media-amazon.com/images/I/e2e-gpu._SL500_.jpg';

let fake: FakeCreatorsApi;
let e2e: E2EContext;
beforeAll(async () => {
  fake = await startFakeCreatorsApi({
    catalogue: [{ asin: GPU, title: 'Scheda video di prova', brand: 'MSI', price: 479.9, availability: 'IN_STOCK', images: { large: { url: IMAGE_URL, width: 500, height: 500 } } }],
  });
  e2e = await startE2E(retailerEnv(fake));
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

describe('a public build page with the retailer data', () => {
  it('shows the thumbnail without layout shift, the 30-day low and the price chart, and sets no cookie', async () => {
    const token = await apiLogin(e2e.url);
    const build = await apiCreateBuild(e2e.url, token, {
      title: 'Build con dati del negozio',
      description: 'Prova',
      content: 'Testo della build.',
      budget: 500,
      status: 'published',
      components: [{ type: 'GPU', name: 'Scheda video di prova', price: 499, amazon_link: `https://www.amazon.it/dp/${GPU}` }],
    });
    // Two older observations, then a real refresh (479,90 € and the image URL from the fake).
    const db = e2e.runtime.database.db;
    const clock = { now: () => new Date() };
    for (const [daysAgo, cents] of [[12, 45990], [5, 52990]] as const) {
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      await db.transaction().execute((trx) => storeObservations(trx, clock, [{ asin: GPU, priceCents: cents, availability: 'IN_STOCK' }], at));
    }
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}/update-prices`, { method: 'POST', token })).status).toBe(200);

    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport });
    const { page } = opened;
    try {
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#c00' } }).png().toBuffer();
      let imageRequests = 0;
      // The image is held back until the test has measured its box without it.
      let releaseImage!: () => void;
      const imageReleased = new Promise<void>((done) => (releaseImage = done));
      await page.route('https://m.media-amazon.com/**', async (route) => {
        imageRequests += 1;
        await imageReleased;
        await route.fulfill({ status: 200, contentType: 'image/png', body: png });
      });
      await page.goto(`${e2e.url}/build/${build.slug}`);

      const image = page.getByTestId('component-image');
      expect(await image.getAttribute('src')).toBe(IMAGE_URL);
      expect(await image.getAttribute('loading')).toBe('lazy');
      // Its box is fixed before the image arrives, and the same once it is decoded: nothing moves.
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => imageRequests).toBe(1);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
      const before = (await image.boundingBox())!;
      const nextRow = page.getByTestId('lowest-price-30d');
      const textBefore = (await nextRow.boundingBox())!;
      expect([before.width, before.height]).toEqual([64, 64]);
      releaseImage();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await image.boundingBox()).toEqual(before);
      expect(await nextRow.boundingBox()).toEqual(textBefore);
      expect(imageRequests).toBe(1);

      expect(await page.getByTestId('lowest-price-30d').textContent()).toBe('Prezzo più basso negli ultimi 30 giorni: 459,90\u00a0€');

      const chart = page.getByRole('img', { name: 'Andamento del prezzo totale' });
      await chart.scrollIntoViewIfNeeded();
      expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
      const description = await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby')!)!.textContent);
      expect(description).toMatch(/^Totale della build dal .+: da 459,90\u00a0€ a 479,90\u00a0€; minimo 459,90\u00a0€ .+, massimo 529,90\u00a0€ .+\.$/);
      expect(await chart.locator('path').count()).toBe(1);

      expect(await opened.context.cookies()).toEqual([]);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

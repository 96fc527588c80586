/**
 * "Personalizza" with JavaScript disabled (decision 030): a visitor swaps a part and marks one as owned by
 * following plain links, fits the result to a budget with the GET form, and the cart link then carries
 * exactly the parts still to buy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, VIEWPORTS, startE2E } from '../e2e/harness';
import { expectNoErrors, listPublished, plain } from '../e2e/public-fixtures';

let e2e: E2EContext;
let slug: string;

interface ApiComponent {
  id: number;
  type: string;
  name: string;
  asin: string | null;
  owned: boolean;
  alternatives: { asin: string; name: string; difference: number }[];
}

async function apiBuild(query: string) {
  const response = await fetch(`${e2e.url}/api/builds/${slug}${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { build: { total_price: number; cart_url: string; components: ApiComponent[]; personalization: unknown } }).build;
}

const cartAsins = (url: string) => [...new URL(url).searchParams].filter(([name]) => name.startsWith('ASIN.')).map(([, value]) => value);

beforeAll(async () => {
  e2e = await startE2E();
  // The demo build with the most choices for its GPU.
  let best = { slug: '', choices: 0 };
  for (const summary of await listPublished(e2e.url)) {
    slug = summary.slug;
    const choices = (await apiBuild('')).components.find((c) => c.type === 'GPU')?.alternatives.length ?? 0;
    if (choices > best.choices) best = { slug: summary.slug, choices };
  }
  slug = best.slug;
  expect(best.choices).toBeGreaterThan(0);
}, 120_000);
afterAll(() => e2e?.close());

describe('Personalizza without JavaScript', () => {
  it('swaps a part, marks one as owned, fits a budget, and the cart link carries the parts to buy', async () => {
    const author = await apiBuild('');
    const gpu = author.components.find((c) => c.type === 'GPU')!;
    const cheaper = gpu.alternatives.find((a) => a.difference < 0) ?? gpu.alternatives[0]!;
    const owned = author.components.find((c) => c.type === 'Case') ?? author.components.at(-1)!;

    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${slug}`);
      const section = page.getByTestId('personalize');
      expect(await section.getByRole('heading', { name: 'Personalizza', exact: true }).isVisible()).toBe(true);

      // 1. The alternative, by its plain link.
      await section.locator(`[data-component-id="${gpu.id}"] [data-asin="${cheaper.asin}"] a`).click();
      await page.waitForURL((url) => url.searchParams.getAll('scegli').includes(`${gpu.id}:${cheaper.asin}`));
      expect(new URL(page.url()).hash).toBe(`#personalizza-${gpu.id}`);
      expect(plain(await page.getByTestId('variant-notice').textContent())).toContain('Configurazione personalizzata');
      expect(plain(await page.getByTestId('variant-changes').textContent())).toContain(`${cheaper.name} al posto di ${gpu.name}`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/build/${slug}$`));

      // 2. "Ce l'ho già" on another part keeps the swap.
      await page.getByTestId('personalize').locator(`[data-component-id="${owned.id}"]`).getByRole('link', { name: "Ce l'ho già" }).click();
      await page.waitForURL((url) => url.searchParams.getAll('possiedo').includes(String(owned.id)));
      expect(new URL(page.url()).hash).toBe(`#personalizza-${owned.id}`);
      expect(new URL(page.url()).searchParams.getAll('scegli')).toEqual([`${gpu.id}:${cheaper.asin}`]);
      expect(plain(await page.locator('#componenti').textContent())).toContain('Già in tuo possesso');

      // 3. The budget form: a GET that keeps both choices.
      const variant = await apiBuild(new URL(page.url()).search);
      const budget = Math.floor(variant.total_price - 60);
      await page.getByTestId('budget-form').getByLabel('Il tuo budget (€)').fill(String(budget));
      await page.getByTestId('budget-form').getByRole('button', { name: 'Adatta al budget' }).click();
      await page.waitForURL((url) => url.searchParams.get('budget') === String(budget));
      // Chromium keeps the fragment of the GET form's action: the page opens on the summary of what changed.
      expect(new URL(page.url()).hash).toBe('#configurazione-personalizzata');
      const search = new URL(page.url()).searchParams;
      expect(search.getAll('scegli')).toEqual([`${gpu.id}:${cheaper.asin}`]);
      expect(search.getAll('possiedo')).toEqual([String(owned.id)]);
      expect(plain(await page.getByTestId('variant-budget').textContent())).toMatch(/budget di|non si scende a/);

      // 4. The cart link: exactly the parts still to buy, as the JSON of the same variant says.
      const fitted = await apiBuild(new URL(page.url()).search);
      const cart = await page.locator('#componenti').getByRole('link', { name: 'Compra Tutto su Amazon' }).getAttribute('href');
      expect(cart).toBe(fitted.cart_url);
      const toBuy = fitted.components.filter((c) => !c.owned && c.asin).map((c) => c.asin);
      expect(cartAsins(cart!).sort()).toEqual([...toBuy].sort());
      expect(cartAsins(cart!)).toContain(cheaper.asin);
      expect(cartAsins(cart!)).not.toContain(owned.asin);
      // The page's total is the variant's.
      expect(plain(await page.getByTestId('total').textContent())).toBe(plain(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(fitted.total_price)));

      // 5. Back to the author's configuration.
      await page.getByTestId('variant-notice').getByRole('link', { name: "Torna alla configurazione dell'autore" }).click();
      await page.waitForURL(`${e2e.url}/build/${slug}`);
      expect(await page.getByTestId('variant-notice').count()).toBe(0);
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });

  it('on a phone, lands on what changed, names part types as the component list does, and shows an owned part as owned', async () => {
    const author = await apiBuild('');
    const gpu = author.components.find((c) => c.type === 'GPU')!;
    const owned = author.components.find((c) => c.type !== 'GPU' && c.asin) ?? author.components.at(-1)!;
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    const inView = async (selector: string) => {
      const box = (await opened.page.locator(selector).boundingBox())!;
      return box.y < VIEWPORTS[0].viewport.height && box.y + box.height > 0;
    };
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${slug}`);
      // The jump link near the top leads down to the section.
      const jump = page.getByTestId('personalize-jump');
      expect(await inView('[data-testid="personalize-jump"]')).toBe(true);
      await jump.click();
      await page.waitForURL((url) => url.hash === '#personalizza');
      expect(await inView('#personalizza h2')).toBe(true);

      // Part types read as the component list writes them, on screen (innerText applies the style's case).
      const listed = await page.getByTestId('component-type').allInnerTexts();
      const personalize = await page.getByTestId('personalize-type').allInnerTexts();
      expect(personalize).toEqual(author.components.map((c) => c.type));
      expect(listed).toEqual(author.components.map((c) => c.type));
      expect(personalize.some((type) => type === 'Motherboard' || type === 'Storage')).toBe(true);

      // A tap on an alternative reloads the page on that part's row, not at the top.
      const option = page.locator(`#personalizza-${gpu.id} [data-asin="${gpu.alternatives[0]!.asin}"] a`);
      await option.click();
      await page.waitForURL((url) => url.hash === `#personalizza-${gpu.id}` && url.searchParams.has('scegli'));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await inView(`#personalizza-${gpu.id}`)).toBe(true);
      expect(plain(await page.locator(`#personalizza-${gpu.id}`).textContent())).toContain('scelta attuale');

      // "Ce l'ho già": the part is shown as owned, with no price, and the totals leave it out.
      await page.locator(`#personalizza-${owned.id}`).getByRole('link', { name: "Ce l'ho già" }).click();
      await page.waitForURL((url) => url.hash === `#personalizza-${owned.id}` && url.searchParams.has('possiedo'));
      expect(await inView(`#personalizza-${owned.id}`)).toBe(true);
      const ownedRow = page.locator('#componenti [data-testid="component"]').filter({ hasText: owned.name });
      expect(plain(await ownedRow.getByTestId('owned-price').textContent())).toBe('Già in tuo possesso');
      const euro = (value: number) => plain(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(value));
      const ownedPrice = (author.components.find((c) => c.id === owned.id) as ApiComponent & { price: number | null }).price;
      if (ownedPrice !== null) expect(plain(await ownedRow.textContent())).not.toContain(euro(ownedPrice));
      const variant = await apiBuild(new URL(page.url()).search);
      const toBuy = (variant.components as (ApiComponent & { price: number | null })[]).filter((c) => !c.owned).reduce((sum, c) => sum + Math.round((c.price ?? 0) * 100), 0);
      expect(Math.round(variant.total_price * 100)).toBe(toBuy);
      expect(plain(await page.getByTestId('total').textContent())).toBe(euro(variant.total_price));

      // From the section, the summary of what changed is one link away.
      await page.getByTestId('personalize-summary-link').getByRole('link', { name: 'Vedi il riepilogo delle modifiche' }).click();
      await page.waitForURL((url) => url.hash === '#configurazione-personalizzata');
      expect(await inView('#configurazione-personalizzata h2')).toBe(true);
      expect(plain(await page.getByTestId('variant-changes').textContent())).toContain(`${owned.type}: ${owned.name}, già in tuo possesso`);
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });
});

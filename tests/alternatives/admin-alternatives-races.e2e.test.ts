/**
 * A slow answer followed by a quick navigation never shows the old screen's data.
 * The alternatives manager reads through its route loader (the selected category is `?gruppo=<id>`), the
 * editor's alternatives panel through fetchers: the router drops an answer the author has moved away from.
 *
 * Answers are delayed, never invented: `page.route` holds the real request for 1.5 s, then lets it reach
 * the real server. What the page ever shows is recorded from its first script on by a MutationObserver,
 * so content that appeared only for a moment is caught too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiCreateCategory, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

const DELAY_MS = 1500;
const PAST_DELAY_MS = DELAY_MS + 1000;
const MANAGER_HEADING = 'Gestione Alternative Componenti';

let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) => apiJson<T>(e2e.url, path, { ...init, token });

let unique = 0;
async function createCategory(prefix: string, members: { asin: string; name: string }[]): Promise<{ id: number; name: string }> {
  unique += 1;
  const group = { name: `${prefix} ${unique}`, description: null, componentType: 'GPU' };
  return apiCreateCategory(e2e.url, token, group, members.map((member, index) => ({ ...member, price: 10, priority: index + 1 })));
}

/** Holds every request matching `pattern` (GET only) for DELAY_MS before it goes on to the server. */
async function delay(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    // The page may have given up on it meanwhile (the router aborts a superseded load).
    await route.continue().catch(() => undefined);
  });
}

/**
 * Opens `path` in the admin with a recorder of every text the elements matching `selectors` ever show
 * (read back with `shown`), installed before the app's own scripts run. `before` runs before the page loads.
 */
async function open(path: string, selectors: readonly string[], before?: (page: Page) => Promise<void>): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await before?.(opened.page);
  await opened.page.addInitScript((watched: readonly string[]) => {
    const seen = new Set<string>();
    Object.defineProperty(window, '__shown', { value: seen });
    const record = () => {
      for (const selector of watched) for (const node of document.querySelectorAll(selector)) seen.add(`${selector} ${node.textContent?.trim() ?? ''}`);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  }, selectors);
  await openAdmin(opened.page, e2e.url, path, token);
  return opened.page;
}

/** What elements matching `selector` have shown since the page opened. */
async function shown(page: Page, selector: string): Promise<string[]> {
  const all = await page.evaluate(() => {
    const seen: unknown = Reflect.get(window, '__shown');
    return seen instanceof Set ? [...seen].map(String) : [];
  });
  return all.filter((entry) => entry.startsWith(`${selector} `)).map((entry) => entry.slice(selector.length + 1));
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('alternatives manager: slow answers and quick navigations', () => {
  const panel = (page: Page) => page.getByTestId('category-panel');
  const rowNames = (page: Page) => panel(page).getByTestId('alternative-name').allTextContents();
  const select = (page: Page, name: string) =>
    page.getByTestId('category-item').filter({ has: page.getByTestId('category-select').getByText(name, { exact: true }) }).getByTestId('category-select');

  it("a slow category list followed by a quick move to another screen: that screen's data, never the alternatives", async () => {
    const page = await open('/admin', ['h1', '[data-testid="category-list"]', '[data-testid="category-item"]']);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await delay(page, '**/api/admin/alternative-categories');
    const nav = page.locator('nav[aria-label="Amministrazione"]');
    const slow = page.waitForRequest('**/api/admin/alternative-categories');
    await nav.getByRole('link', { name: 'Alternative', exact: true }).click();
    await slow;
    await nav.getByRole('link', { name: 'Build', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Build', exact: true }).waitFor();
    const { body } = await api<{ builds: { title: string }[] }>('/admin/builds');
    await page.getByText(body.builds[0]!.title, { exact: true }).filter({ visible: true }).first().waitFor(); // the table or, on a phone, the cards
    await page.waitForTimeout(PAST_DELAY_MS);

    expect(pathAndQuery(page)).toBe('/admin/builds');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Build');
    expect(await shown(page, 'h1')).not.toContain(MANAGER_HEADING);
    expect(await shown(page, '[data-testid="category-list"]')).toEqual([]);
    expect(await shown(page, '[data-testid="category-item"]')).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("switching quickly between two categories (slow first, quick second): only the second's members ever show", async () => {
    const slowOne = await createCategory('Lenta', [
      { asin: 'B0SLOW0001', name: 'Membro della lenta 1' },
      { asin: 'B0SLOW0002', name: 'Membro della lenta 2' },
    ]);
    const quickOne = await createCategory('Veloce', [{ asin: 'B0FAST0001', name: 'Membro della veloce' }]);
    const page = await open('/admin/alternatives', ['[data-testid="panel-name"]', '[data-testid="alternative-name"]']);
    await select(page, slowOne.name).waitFor();
    await delay(page, `**/api/admin/alternative-categories/${slowOne.id}`);

    const slow = page.waitForRequest(`**/api/admin/alternative-categories/${slowOne.id}`);
    await select(page, slowOne.name).click();
    await slow;
    // The list marks the category at once (the next render after the click, well before the slow answer); the panel waits for it.
    await expect.poll(() => select(page, slowOne.name).getAttribute('aria-current'), { timeout: DELAY_MS / 2 }).toBe('true');
    await select(page, quickOne.name).click();

    await panel(page).getByTestId('panel-name').getByText(quickOne.name, { exact: true }).waitFor();
    expect(await rowNames(page)).toEqual(['Membro della veloce']);
    await page.waitForTimeout(PAST_DELAY_MS);

    expect(pathAndQuery(page)).toBe(`/admin/alternatives?gruppo=${quickOne.id}`);
    expect(await panel(page).getByTestId('panel-name').textContent()).toBe(quickOne.name);
    expect(await rowNames(page)).toEqual(['Membro della veloce']);
    expect(await select(page, quickOne.name).getAttribute('aria-current')).toBe('true');
    expect(await select(page, slowOne.name).getAttribute('aria-current')).toBeNull();
    expect(await shown(page, '[data-testid="panel-name"]')).toEqual([quickOne.name]);
    expect(await shown(page, '[data-testid="alternative-name"]')).toEqual(['Membro della veloce']);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('back and forward move between the selected categories; a slow one left with Back never shows', async () => {
    const first = await createCategory('Prima', [{ asin: 'B0BACK0001', name: 'Membro della prima' }]);
    const second = await createCategory('Seconda', [{ asin: 'B0BACK0002', name: 'Membro della seconda' }]);
    const third = await createCategory('Terza lenta', [{ asin: 'B0BACK0003', name: 'Membro della terza' }]);
    const page = await open('/admin/alternatives', ['[data-testid="alternative-name"]']);
    const panelName = () => panel(page).getByTestId('panel-name');

    await select(page, first.name).click();
    await panelName().getByText(first.name, { exact: true }).waitFor();
    await select(page, second.name).click();
    await panelName().getByText(second.name, { exact: true }).waitFor();

    await page.goBack();
    await panelName().getByText(first.name, { exact: true }).waitFor();
    expect(pathAndQuery(page)).toBe(`/admin/alternatives?gruppo=${first.id}`);
    expect(await rowNames(page)).toEqual(['Membro della prima']);
    await page.goForward();
    await panelName().getByText(second.name, { exact: true }).waitFor();
    expect(await rowNames(page)).toEqual(['Membro della seconda']);

    // A slow category, left with Back before it arrives: the URL only changes once a selection has
    // loaded, so Back leaves the second one for the first; the slow one never shows.
    await delay(page, `**/api/admin/alternative-categories/${third.id}`);
    const slow = page.waitForRequest(`**/api/admin/alternative-categories/${third.id}`);
    await select(page, third.name).click();
    await slow;
    await page.goBack();
    await panelName().getByText(first.name, { exact: true }).waitFor();
    await page.waitForTimeout(PAST_DELAY_MS);
    expect(pathAndQuery(page)).toBe(`/admin/alternatives?gruppo=${first.id}`);
    expect(await panelName().textContent()).toBe(first.name);
    expect(await rowNames(page)).toEqual(['Membro della prima']);
    expect(await select(page, third.name).getAttribute('aria-current')).toBeNull();
    expect(await shown(page, '[data-testid="alternative-name"]')).not.toContain('Membro della terza');

    // A reload shows the category of the URL.
    await page.reload();
    await panelName().getByText(first.name, { exact: true }).waitFor();
    expect(await rowNames(page)).toEqual(['Membro della prima']);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe("the editor's alternatives panel: a slow list for a link changed meanwhile", () => {
  it("only the new product's alternatives ever show", async () => {
    for (const [original, alternative, name] of [
      ['B0RACEOLD1', 'B0RACEALT1', 'Alternativa del vecchio link'],
      ['B0RACENEW1', 'B0RACEALT2', 'Alternativa del nuovo link'],
    ] as const) {
      const added = await api('/admin/alternatives', { method: 'POST', body: { originalAsin: original, alternativeAsin: alternative, alternativeName: name, alternativePrice: 50, priority: 1 } });
      expect(added.status).toBe(201);
    }
    const build = await apiCreateBuild(e2e.url, token, { title: 'Build delle alternative lente', components: [{ type: 'GPU', name: 'Scheda', amazon_link: 'https://www.amazon.it/dp/B0RACEOLD1' }] });
    let slow: Promise<unknown> = Promise.resolve();
    const page = await open(`/admin/builds/edit/${build.id}`, ['[data-testid="alternative-name"]', '[data-testid="alternatives-toggle"]'], async (blank) => {
      await delay(blank, '**/api/admin/alternatives/B0RACEOLD1');
      slow = blank.waitForRequest('**/api/admin/alternatives/B0RACEOLD1');
    });
    // One card is open at a time: the panel, and its list request, come with the component's card.
    const row = page.locator('[data-testid="component-row"][data-asin="B0RACEOLD1"]');
    if ((await row.getAttribute('data-open')) === null) await row.getByRole('button', { name: /^Dettagli di / }).click();
    await slow;

    // The editor's link input holding the old product, wherever the editor puts it.
    await page.waitForFunction(() => {
      const input = [...document.querySelectorAll('input')].find((node) => node.value.includes('/dp/B0RACEOLD1'));
      input?.setAttribute('data-e2e', 'old-link');
      return input !== undefined;
    });
    await page.locator('input[data-e2e="old-link"]').fill('https://www.amazon.it/dp/B0RACENEW1');
    const panel = page.locator('[data-testid="alternatives-panel"][data-asin="B0RACENEW1"]');
    await expect.poll(() => panel.getByTestId('alternatives-toggle').textContent()).toBe('Alternative (1)');
    await panel.getByTestId('alternatives-toggle').click();
    expect(await panel.getByTestId('alternative-name').allTextContents()).toEqual(['Alternativa del nuovo link']);
    await page.waitForTimeout(PAST_DELAY_MS);

    expect(await page.locator('[data-testid="alternatives-panel"][data-asin="B0RACEOLD1"]').count()).toBe(0);
    expect(await panel.getByTestId('alternative-name').allTextContents()).toEqual(['Alternativa del nuovo link']);
    expect(await shown(page, '[data-testid="alternative-name"]')).toEqual(['Alternativa del nuovo link']);
    // The old product's panel never got past its placeholder count.
    expect(await shown(page, '[data-testid="alternatives-toggle"]')).toEqual(['Alternative (…)', 'Alternative (1)']);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

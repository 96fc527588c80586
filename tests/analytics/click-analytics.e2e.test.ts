/**
 * Click analytics in the browser (decision 020): on a public build page a click on a component's
 * Amazon link, a middle click on another and a ctrl-click on 'Compra Tutto su Amazon' each send one
 * beacon (navigator.sendBeacon, text/plain), the links still open Amazon as always, and the page sets
 * no cookie and stores nothing in the browser. A headless browser (a bot by its user agent) is not
 * counted. The author then sees the clicks in the dashboard's 'Rendimento' section and the build
 * editor's 'Rendimento (30 giorni)' card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Request } from 'playwright-core';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { apiCreateBuild, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors, listPublished, type PublishedSummary } from '../e2e/public-fixtures';

/** A reader's desktop Chrome: Chromium's own headless user agent says "HeadlessChrome", which is a bot's. */
const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const AMAZON_PAGE = '<!doctype html><title>Amazon (finta)</title><p>Pagina di prova</p>';

let e2e: E2EContext;
let build: PublishedSummary;
let token: string;

beforeAll(async () => {
  e2e = await startE2E();
  build = (await listPublished(e2e.url))[0]!;
  token = await apiLogin(e2e.url);
});
afterAll(() => e2e?.close());

interface BuildAnalytics {
  views: number;
  clicks: number;
  cart_clicks: number;
  components: { id: number; name: string; clicks: number }[];
}

async function analyticsOf(id: number): Promise<BuildAnalytics> {
  const response = await apiJson<BuildAnalytics>(e2e.url, `/admin/builds/${id}/analytics?days=30`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Amazon is not reachable from here (nor should a test reach it): the links land on a stand-in page. */
async function fakeAmazon(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/www\.amazon\.it\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: AMAZON_PAGE }));
}

/** The beacons the page sends, as Chromium sends them. */
function recordBeacons(opened: OpenedPage): Request[] {
  const beacons: Request[] = [];
  opened.page.on('request', (request) => {
    if (new URL(request.url()).pathname === CLICK_BEACON_PATH) beacons.push(request);
  });
  return beacons;
}

describe('click beacons on a public build page', () => {
  let expected: { component: string; clicks: number }[] = [];

  it('count a click, a middle click and a ctrl-click, follow the links as usual, and store nothing in the browser', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, userAgent: READER_UA });
    try {
      await fakeAmazon(opened.context);
      const beacons = recordBeacons(opened);
      const response = await opened.page.goto(`${e2e.url}/build/${build.slug}`);
      expect(response?.status()).toBe(200);
      expect(await response?.headerValue('set-cookie')).toBeNull();

      const links = opened.page.locator('[data-testid="component"] a[data-enhance="click-beacon"]');
      expect(await links.count()).toBeGreaterThanOrEqual(2);
      const [first, second] = [links.nth(0), links.nth(1)];
      const firstHref = await first.getAttribute('href');
      const names = opened.page.locator('[data-testid="component"]:has(a[data-enhance="click-beacon"]) p.font-semibold');
      const [firstName, secondName] = [await names.nth(0).textContent(), await names.nth(1).textContent()];

      // A plain click: the link opens Amazon in a new tab, as without the script.
      const [popup] = await Promise.all([opened.context.waitForEvent('page'), first.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(firstHref);
      await popup.close();
      await expect.poll(() => beacons.length).toBe(1);

      // A middle click (auxclick) and a ctrl-click on the cart link open tabs too, and count.
      await second.click({ button: 'middle' });
      await expect.poll(() => beacons.length).toBe(2);
      const cart = opened.page.getByRole('link', { name: /Compra Tutto su Amazon/ });
      await cart.click({ modifiers: ['Control'] });
      await expect.poll(() => beacons.length).toBe(3);
      // A right click opens no link: no beacon.
      await first.click({ button: 'right' });
      await opened.page.keyboard.press('Escape');

      const sent = beacons.map((request) => ({ type: request.headers()['content-type'], body: JSON.parse(request.postData() ?? 'null') }));
      const ids = await links.evaluateAll((elements) => elements.map((element) => JSON.parse((element as HTMLElement).dataset.beacon!).component_id as number));
      expect(sent).toEqual([
        { type: 'text/plain;charset=UTF-8', body: { build: build.slug, component_id: ids[0] } },
        { type: 'text/plain;charset=UTF-8', body: { build: build.slug, component_id: ids[1] } },
        { type: 'text/plain;charset=UTF-8', body: { build: build.slug, target: 'cart' } },
      ]);
      for (const beacon of beacons) expect((await beacon.response())?.status()).toBe(204);
      expect(beacons).toHaveLength(3);

      // No cookie, nothing stored by the page: the theme is stored only when the reader picks one.
      expect(await opened.context.cookies()).toEqual([]);
      expect(await opened.page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

      await expect.poll(async () => (await analyticsOf(build.id)).clicks).toBe(3);
      // The visit is written within seconds (decision 025): this writes it now.
      await e2e.runtime.services.analytics.flushVisits();
      const analytics = await analyticsOf(build.id);
      expect(analytics).toMatchObject({ views: 1, clicks: 3, cart_clicks: 1 });
      expected = [
        { component: firstName!, clicks: 1 },
        { component: secondName!, clicks: 1 },
      ];
      for (const { component, clicks } of expected) expect(analytics.components.find((c) => c.name === component)?.clicks).toBe(clicks);
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });

  it('a headless browser (a bot by its user agent) sends the beacon, which is not counted', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      await fakeAmazon(opened.context);
      expect(await opened.page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
      const beacons = recordBeacons(opened);
      await opened.page.goto(`${e2e.url}/build/${build.slug}`);
      const [popup] = await Promise.all([opened.context.waitForEvent('page'), opened.page.getByRole('link', { name: /Compra Tutto su Amazon/ }).click()]);
      await popup.close();
      await expect.poll(() => beacons.length).toBe(1);
      expect((await beacons[0]!.response())?.status()).toBe(204);
      expect(await analyticsOf(build.id)).toMatchObject({ views: 1, clicks: 3, cart_clicks: 1 });
    } finally {
      await opened.close();
    }
  });

  it("the dashboard's 'Rendimento' shows the build's clicks, its click rate and the clicked components; the editor its card", async () => {
    expect(expected).toHaveLength(2);
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      await openAdmin(opened.page, e2e.url, '/admin', token);
      const section = opened.page.getByRole('region', { name: 'Rendimento', exact: true });
      await section.waitFor();
      const row = section.getByTestId('performance-row').filter({ hasText: build.title });
      await expect.poll(() => row.locator('td').allTextContents()).toEqual(['1', '3', '1', '300%']);
      // The most clicked build comes first, in the table and in the chart.
      expect(await section.getByTestId('performance-row').first().textContent()).toContain(build.title);
      const bar = section.getByTestId('clicks-bar').first();
      expect(await bar.locator('title').textContent()).toBe(`${build.title}: 3 clic`);
      expect(Number(await bar.locator('rect').getAttribute('width'))).toBeGreaterThan(0);
      const top = section.getByTestId('top-components');
      for (const { component } of expected) expect(await top.textContent()).toContain(component);

      await row.getByRole('link', { name: build.title }).click();
      await opened.page.waitForURL(`${e2e.url}/admin/builds/edit/${build.id}`);
      const card = opened.page.getByRole('region', { name: 'Rendimento (30 giorni)', exact: true });
      await card.waitFor();
      expect(await card.getByTestId('build-performance-views').locator('dd').textContent()).toBe('1');
      expect(await card.getByTestId('build-performance-clicks').locator('dd').textContent()).toBe('3');
      expect(await card.getByTestId('build-performance-cart').locator('dd').textContent()).toBe('1');
      expect(await card.getByTestId('build-performance-rate').locator('dd').textContent()).toBe('300%');
      expect(await card.locator('rect').count()).toBe(30);
      for (const { component } of expected) expect(await card.textContent()).toContain(component);
      expect(unexpectedErrors(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("on a phone 'Rendimento' lists each build as a card with its figures written out; nothing scrolls sideways", async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, isMobile: true, hasTouch: true });
    try {
      await openAdmin(opened.page, e2e.url, '/admin', token);
      const section = opened.page.getByRole('region', { name: 'Rendimento', exact: true });
      await section.waitFor();
      expect(await section.getByTestId('performance-table').isVisible()).toBe(false);
      const card = section.getByTestId('performance-card').filter({ hasText: build.title });
      await expect.poll(() => card.count()).toBe(1);
      const text = (await card.textContent())!.replace(/\s+/g, ' ');
      for (const figure of ['Visualizzazioni: 1', 'Clic: 3', 'di cui carrello: 1', 'Tasso di clic: 300%']) expect(text).toContain(figure);
      for (const element of [section, card]) {
        const box = (await element.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await section.evaluate((element) => Math.max(...[...element.querySelectorAll('*')].map((child) => child.scrollWidth - child.clientWidth)))).toBeLessThanOrEqual(0);

      await card.getByRole('link', { name: build.title }).tap();
      await opened.page.waitForURL(`${e2e.url}/admin/builds/edit/${build.id}`);
      expect(unexpectedErrors(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("a deleted build's clicks stay in 'Rendimento' under its title, marked '(eliminata)' and with no link (decision 027)", async () => {
    const gone = await apiCreateBuild(e2e.url, token, {
      title: 'Build poi eliminata',
      status: 'published',
      components: [{ type: 'CPU', name: 'Processore', price: 199, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' }],
    });
    const beacon = await fetch(`${e2e.url}${CLICK_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': READER_UA },
      body: JSON.stringify({ build: gone.slug, target: 'cart' }),
    });
    expect(beacon.status).toBe(204);
    expect((await apiJson(e2e.url, `/admin/builds/${gone.id}`, { method: 'DELETE', token })).status).toBe(200);

    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      await openAdmin(opened.page, e2e.url, '/admin', token);
      const section = opened.page.getByRole('region', { name: 'Rendimento', exact: true });
      await section.waitFor();
      const row = section.getByTestId('performance-row').filter({ hasText: 'Build poi eliminata (eliminata)' });
      await expect.poll(() => row.locator('td').allTextContents()).toEqual(['0', '1', '1', '0%']);
      expect(await row.getByRole('link').count()).toBe(0);
      expect(await section.getByTestId('clicks-bar').filter({ hasText: 'Build poi eliminata (eliminata)' }).count()).toBe(1);
      expect(unexpectedErrors(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

/**
 * The price actions that need the retailer: the dashboard's 'Aggiorna Tier A/B' and the
 * editor's 'Sostituzione Intelligente' / 'Aggiorna Prezzi'. Without the Amazon settings (the harness's
 * default) they would only answer 503, so they are disabled and the reason, naming the missing settings,
 * is on screen next to them; with the fake Creators API configured they are enabled and work.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type FakeCreatorsApi, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

const CPU = { asin: 'B0CPU00001', title: 'AMD Ryzen 7 7800X3D', brand: 'AMD', price: 359.9, availability: 'IN_STOCK' } as const;
const BUILD = { title: 'Build per le azioni sui prezzi', components: [{ type: 'CPU', name: 'CPU', price: 300, amazon_link: `https://www.amazon.it/dp/${CPU.asin}` }] };
const TIER_BUTTONS = ['Aggiorna Tier A', 'Aggiorna Tier B'];
const EDITOR_BUTTONS = ['Sostituzione Intelligente', 'Aggiorna Prezzi'];

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function open(e2e: E2EContext, path: string, ready: string, viewport: { width: number; height: number } = VIEWPORTS[1].viewport): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport });
  await openAdmin(opened.page, e2e.url, path);
  await opened.page.getByTestId(ready).waitFor();
  return opened.page;
}

/** The element that the button's aria-describedby names, or null. */
async function description(page: Page, name: string): Promise<string | null> {
  const id = await page.getByRole('button', { name, exact: true }).getAttribute('aria-describedby');
  return id === null ? null : page.locator(`[id="${id}"]`).textContent();
}

describe('retailer not configured', () => {
  let e2e: E2EContext;
  let token: string;
  let missing: string;
  beforeAll(async () => {
    e2e = await startE2E();
    token = await apiLogin(e2e.url);
    const status = await apiJson<{ configured: boolean; missing: string }>(e2e.url, '/admin/prices/retailer', { token });
    expect(status.body.configured).toBe(false);
    missing = status.body.missing;
    expect(missing).toContain('AMAZON_CREDENTIAL_ID');
  });
  afterAll(() => e2e?.close());

  it.each(VIEWPORTS)('dashboard ($name): Tier A and B disabled, the missing settings shown; tier assignment still enabled', async ({ viewport }) => {
    const page = await open(e2e, '/admin', 'price-management', viewport);
    const reason = page.getByTestId('retailer-missing');
    await reason.waitFor();
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toBe(`Aggiornamento dei prezzi non disponibile. ${missing}`);
    for (const name of TIER_BUTTONS) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      expect(await description(page, name)).toBe(await reason.textContent());
    }
    expect(await page.getByRole('button', { name: 'Assegnazione automatica tier' }).isEnabled()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it.each(VIEWPORTS)('editor of a saved build ($name): both price actions disabled with the reason; the cart import stays', async ({ viewport }) => {
    const build = await apiCreateBuild(e2e.url, token, BUILD);
    const requests: string[] = [];
    const page = await open(e2e, `/admin/builds/edit/${build.id}`, 'build-editor', viewport);
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const reason = page.getByTestId('retailer-unavailable');
    await reason.waitFor();
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toBe(`Sostituzione intelligente e aggiornamento prezzi non disponibili. ${missing}`);
    for (const name of EDITOR_BUTTONS) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
      expect(await description(page, name)).toBe(await reason.textContent());
    }
    expect(await page.getByRole('button', { name: 'Importa da Amazon' }).isEnabled()).toBe(true);
    // A click on a disabled button sends nothing.
    await page.getByRole('button', { name: 'Aggiorna Prezzi', exact: true }).click({ force: true });
    await page.waitForTimeout(300);
    expect(requests.filter((path) => path.includes('update-prices') || path.includes('smart-replacement'))).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('editor of a new build: disabled with the same reason (saving first would not help)', async () => {
    const page = await open(e2e, '/admin/builds/new', 'build-editor');
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    await page.getByTestId('retailer-unavailable').waitFor();
    for (const name of EDITOR_BUTTONS) expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
  });
});

describe('retailer configured (fake Creators API)', () => {
  let fake: FakeCreatorsApi;
  let e2e: E2EContext;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeCreatorsApi({ catalogue: [CPU] });
    e2e = await startE2E(retailerEnv(fake));
    token = await apiLogin(e2e.url);
  });
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  it('dashboard: Tier A and B enabled, no reason shown; Tier A runs', async () => {
    const page = await open(e2e, '/admin', 'price-management');
    await page.getByTestId('tier-A').waitFor();
    expect(await page.getByTestId('retailer-missing').count()).toBe(0);
    for (const name of TIER_BUTTONS) {
      expect(await page.getByRole('button', { name }).isEnabled(), name).toBe(true);
      expect(await description(page, name)).toBeNull();
    }
    await page.getByRole('button', { name: 'Aggiorna Tier A' }).click();
    await expect.poll(() => page.getByTestId('price-notice').getAttribute('role')).toBe('status');
    expect(await page.getByTestId('price-notice').textContent()).toContain('Aggiornamento prezzi completato!');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('editor: both price actions enabled, no reason shown; Aggiorna Prezzi runs', async () => {
    const build = await apiCreateBuild(e2e.url, token, BUILD);
    const page = await open(e2e, `/admin/builds/edit/${build.id}`, 'build-editor');
    await page.getByRole('button', { name: 'Aggiorna Prezzi', exact: true }).waitFor();
    expect(await page.getByTestId('retailer-unavailable').count()).toBe(0);
    for (const name of EDITOR_BUTTONS) {
      expect(await page.getByRole('button', { name, exact: true }).isEnabled(), name).toBe(true);
      expect(await description(page, name)).toBeNull();
    }
    await page.getByRole('button', { name: 'Aggiorna Prezzi', exact: true }).click();
    await expect.poll(() => page.getByTestId('components-notice').locator('p').first().textContent()).toBe('Aggiornamento prezzi completato!');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

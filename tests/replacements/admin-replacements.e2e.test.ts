/**
 * /admin/replacements (product spec, "Replacements screen", "Entities and their fields", "States and
 * transitions", "Error catalogue"). The records are made for real: the server talks to the
 * fake Creators API over HTTP, a demo component is reported out of stock while its configured alternative
 * is in stock, and POST /api/admin/builds/{id}/smart-replacement swaps it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { ReplacementRecord } from '../../src/modules/replacements';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { demoCatalogue } from '../fakes/creators-demo-catalogue';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiJson, apiLogin, openAdmin, seriousAxeViolations, storeAdminTheme, unexpectedErrors } from '../e2e/admin-helpers';

const RESTORE_CONFIRM = 'Sei sicuro di voler ripristinare il componente originale? Questa azione eliminerà il componente sostitutivo.';
const RESTORE_SUCCESS = 'Componente ripristinato con successo!';
const RESTORE_ERROR = 'Errore nel ripristino del componente';
// Demo build "PC Gaming 1440p": its CPU and PSU each have a per-ASIN alternative in the demo data.
const GAMING_TITLE_START = 'PC Gaming 1440p';
const CPU = { asin: 'B0FXL8C1AX', alternativeAsin: 'B0DULDTT05', alternativePrice: '169,90' };
const PSU = { asin: 'B0BQITSJJU', alternativeAsin: 'B0FVB4W8G2' };

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }).format(new Date(iso));
const euro = (value: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(value);

let fake: FakeCreatorsApi;
let e2e: E2EContext;
let token: string;
let gamingBuild: { id: number; slug: string; title: string };

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: demoCatalogue() });
  e2e = await startE2E(retailerEnv(fake));
  token = await apiLogin(e2e.url);
  const list = await apiJson<{ builds: { id: number; slug: string; title: string }[] }>(e2e.url, '/admin/builds', { token });
  const found = list.body.builds.find((build) => build.title.startsWith(GAMING_TITLE_START));
  if (!found) throw new Error('Demo build missing');
  gamingBuild = found;
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

let opened: OpenedPage | undefined;
async function open(options: BrowserContextOptions = {}): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, ...options });
  return opened.page;
}
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function listReplacements(): Promise<ReplacementRecord[]> {
  const { status, body } = await apiJson<{ replacements: ReplacementRecord[] }>(e2e.url, '/admin/replacements', { token });
  expect(status).toBe(200);
  return body.replacements;
}

function setStock(asin: string, availability: 'IN_STOCK' | 'OUT_OF_STOCK') {
  const item = demoCatalogue().find((candidate) => candidate.asin === asin);
  if (!item) throw new Error(`${asin} is not in the demo catalogue`);
  fake.setItem({ ...item, availability });
}

/** The retailer reports `asin` out of stock; the real smart replacement swaps it; returns the new record. */
async function replace(asin: string): Promise<ReplacementRecord> {
  const before = new Set((await listReplacements()).map((record) => record.id));
  setStock(asin, 'OUT_OF_STOCK');
  const run = await apiJson<{ summary: { replaced: number } }>(e2e.url, `/admin/builds/${gamingBuild.id}/smart-replacement`, { method: 'POST', token });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  expect(run.body.summary.replaced).toBe(1);
  const created = (await listReplacements()).filter((record) => !before.has(record.id));
  expect(created).toHaveLength(1);
  return created[0]!;
}

async function restoreThroughApi(id: number) {
  expect((await apiJson(e2e.url, `/admin/replacements/${id}/restore`, { method: 'POST', token })).status).toBe(200);
}

// Every test starts with no open record and the whole demo catalogue in stock.
beforeEach(async () => {
  for (const record of await listReplacements()) await restoreThroughApi(record.id);
  setStock(CPU.asin, 'IN_STOCK');
  setStock(PSU.asin, 'IN_STOCK');
});

const card = (page: Page, id: number) => page.locator(`[data-testid="replacement-card"][data-replacement-id="${id}"]`);
const cards = (page: Page) => page.getByTestId('replacement-card');
const notice = (page: Page) => page.getByTestId('replacements-notice');
const restoreButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^Ripristin/ });

async function openScreen(page: Page) {
  await openAdmin(page, e2e.url, '/admin/replacements', token);
  await page.locator('[data-testid="replacements-list"], [data-testid="replacements-empty"]').first().waitFor();
}

describe('/admin/replacements', () => {
  it("no open record: 'Nessuna sostituzione'", async () => {
    const page = await open();
    await openScreen(page);
    expect(await page.title()).toBe('Sostituzioni | Build PC CMS');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gestione Sostituzioni');
    expect(await page.getByTestId('replacements-empty').textContent()).toBe('Nessuna sostituzione');
    expect(await cards(page).count()).toBe(0);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('a card shows the substitute, the original, the reason, ids and the Italian date of GET /api/admin/replacements', async () => {
    const record = await replace(CPU.asin);
    // What the real smart replacement stored, so the texts below come from it.
    expect(record).toMatchObject({ build_id: gamingBuild.id, asin: CPU.alternativeAsin, type: 'CPU', original_asin: CPU.asin });
    expect(record.name && record.amazon_link && record.original_link && record.replacement_reason).toBeTruthy();

    const page = await open();
    await openScreen(page);
    const item = card(page, record.id);
    expect(await cards(page).count()).toBe(1);
    expect(await item.getByTestId('replaced-badge').textContent()).toBe('SOSTITUITO');
    expect(await item.getByRole('heading', { level: 2 }).textContent()).toBe(record.name);

    const current = item.getByTestId('current-component');
    expect(await current.textContent()).toContain(`Nome:${record.name}`);
    expect(await current.getByTestId('current-price').textContent()).toBe(euro(record.price!));
    expect(await current.getByTestId('current-price').textContent()).toMatch(new RegExp(`^${CPU.alternativePrice}\\s€$`));
    expect(await current.getByTestId('current-asin').textContent()).toBe(CPU.alternativeAsin);
    expect(await current.getByTestId('current-type').textContent()).toBe('CPU');
    const amazon = current.getByRole('link', { name: /^Vedi su Amazon/ });
    expect(await amazon.getAttribute('href')).toBe(record.amazon_link);
    expect(await amazon.getAttribute('target')).toBe('_blank');
    expect(await amazon.getAttribute('rel')).toBe('sponsored nofollow noopener');

    const original = item.getByTestId('original-component');
    expect(await original.getByTestId('original-name').textContent()).toBe(record.original_name);
    expect(await original.getByText('Non disponibile', { exact: true }).isVisible()).toBe(true);
    expect(await original.getByTestId('original-asin').textContent()).toBe(CPU.asin);
    const originalLink = original.getByRole('link', { name: /^Vedi originale/ });
    expect(await originalLink.getAttribute('href')).toBe(record.original_link);
    expect(await originalLink.getAttribute('target')).toBe('_blank');

    expect(await item.getByTestId('replacement-reason').textContent()).toBe(`Motivo: ${record.replacement_reason}`);
    expect(await item.getByTestId('replacement-id').textContent()).toBe(String(record.id));
    const buildField = item.getByTestId('replacement-build');
    expect(await buildField.textContent()).toBe(`#${record.build_id} ${record.build_title}`);
    expect(await buildField.getByRole('link').getAttribute('href')).toBe(`/admin/builds/edit/${record.build_id}`);
    expect(await item.getByTestId('replacement-date').textContent()).toBe(dateTime(record.created_at));
    expect(await item.getByTestId('replacement-date').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(await restoreButton(item).isEnabled()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("'Aggiorna' is disabled while loading and picks up a record created after the page loaded", async () => {
    const first = await replace(CPU.asin);
    const page = await open();
    await openScreen(page);
    expect(await cards(page).count()).toBe(1);
    const second = await replace(PSU.asin);
    expect(await card(page, second.id).count()).toBe(0);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/replacements', async (route) => {
      await held;
      await route.continue();
    });
    const refresh = page.getByRole('button', { name: 'Aggiorna' });
    await refresh.click();
    await expect.poll(() => refresh.isDisabled()).toBe(true);
    release();
    await card(page, second.id).waitFor();
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    // Newest first, as the API lists them.
    expect(await cards(page).evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-replacement-id'))))).toEqual([second.id, first.id]);
    expect(await card(page, second.id).getByTestId('current-asin').textContent()).toBe(PSU.alternativeAsin);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('restore: dismissed changes nothing; accepted shows progress and success, the card goes and the public page shows the original again', async () => {
    const record = await replace(CPU.asin);
    const viewer = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      await viewer.page.goto(`${e2e.url}/build/${gamingBuild.slug}`);
      const replacedBanner = viewer.page.getByText('SOSTITUITO', { exact: true });
      expect(await replacedBanner.count()).toBe(1);
      expect(await viewer.page.locator('#componenti').getByText(record.name!, { exact: true }).count()).toBe(1);

      const page = await open();
      await openScreen(page);
      const item = card(page, record.id);
      const dismissed = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
      await restoreButton(item).click();
      expect(await dismissed).toBe(RESTORE_CONFIRM);
      expect(await item.isVisible()).toBe(true);
      expect(await notice(page).count()).toBe(0);
      expect((await listReplacements()).map((r) => r.id)).toContain(record.id);

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/admin/replacements/${record.id}/restore`, async (route) => {
        await held;
        await route.continue();
      });
      page.once('dialog', (dialog) => void dialog.accept());
      await restoreButton(item).click();
      await expect.poll(() => restoreButton(item).textContent()).toContain('Ripristino in corso...');
      expect(await restoreButton(item).isDisabled()).toBe(true);
      // The reload of the list after the restore is held too: the card must go with the success already.
      let releaseList!: () => void;
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      await page.route('**/api/admin/replacements', async (route) => {
        await listHeld;
        await route.continue();
      });
      release();
      await notice(page).waitFor();
      expect(await notice(page).getAttribute('role')).toBe('status');
      expect(await notice(page).locator('p').first().textContent()).toBe(RESTORE_SUCCESS);
      expect(await item.count()).toBe(0);
      releaseList();
      expect(await page.getByTestId('replacements-empty').textContent()).toBe('Nessuna sostituzione');
      expect((await listReplacements()).map((r) => r.id)).not.toContain(record.id);

      await viewer.page.reload();
      await viewer.page.locator('#componenti').getByText(record.original_name, { exact: true }).waitFor();
      expect(await replacedBanner.count()).toBe(0);
      expect(await viewer.page.locator('#componenti').getByText(record.name!, { exact: true }).count()).toBe(0);
      expect(unexpectedErrors(opened!.errors)).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  it("restore of a record already restored elsewhere: the error with the server's reason, and the stale card goes", async () => {
    const record = await replace(CPU.asin);
    const page = await open();
    await openScreen(page);
    await restoreThroughApi(record.id);
    const answer = await apiJson<{ error: { message: string } }>(e2e.url, `/admin/replacements/${record.id}/restore`, { method: 'POST', token });
    expect(answer.status).toBe(409);

    page.once('dialog', (dialog) => void dialog.accept());
    await restoreButton(card(page, record.id)).click();
    await notice(page).waitFor();
    expect(await notice(page).getAttribute('role')).toBe('alert');
    expect(await notice(page).locator('p').allTextContents()).toEqual([RESTORE_ERROR, answer.body.error.message]);
    await card(page, record.id).waitFor({ state: 'detached' });
    expect(await page.getByTestId('replacements-empty').isVisible()).toBe(true);
    expect(unexpectedErrors(opened!.errors, [409])).toEqual([]);
  });

  it('phone 390x844: the cards fit the width', async () => {
    await replace(CPU.asin);
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await openScreen(page);
    expect(await cards(page).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await restoreButton(cards(page).first()).isVisible()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe.each([
  { theme: 'light', stored: 'false', htmlClass: 'admin-light' },
  { theme: 'dark', stored: 'true', htmlClass: 'admin-dark' },
])('axe in the admin $theme theme', ({ stored, htmlClass }) => {
  async function openThemed(options: BrowserContextOptions = {}): Promise<Page> {
    const page = await open(options);
    await storeAdminTheme(page, e2e.url, stored);
    await openScreen(page);
    expect(await page.evaluate(() => document.documentElement.className)).toContain(htmlClass);
    return page;
  }

  it('cards with an error notice', async () => {
    await replace(PSU.asin);
    const stale = await replace(CPU.asin);
    const page = await openThemed();
    await restoreThroughApi(stale.id);
    page.once('dialog', (dialog) => void dialog.accept());
    await restoreButton(card(page, stale.id)).click();
    await notice(page).waitFor();
    await card(page, stale.id).waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors, [409])).toEqual([]);
  });

  it('empty state at phone size', async () => {
    const page = await openThemed({ viewport: VIEWPORTS[0].viewport });
    await page.getByTestId('replacements-empty').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

/**
 * A slow answer followed by a quick navigation never shows the old screen's data.
 * Screens read in route loaders and write in route actions, so the router cancels or drops what the author
 * has left; these tests hold a real answer of the server for a while (nothing is mocked), move on at once,
 * and check that what was left behind never appears and never takes the browser back.
 *
 * Dashboard, builds list, replacements and change password: for each, its read (or for change password,
 * its write) is slowed, the author goes elsewhere, and after the slow answer has arrived the other screen
 * is still the one shown. The writes of the dashboard, the builds list and the replacements screen too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { ADMIN, apiCreateBuild, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

/** How long the slowed answer is held; the checks wait past it. */
const SLOW_MS = 1500;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function openAt(path: string, ready: string): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, path, token);
  await opened.page.locator(ready).first().waitFor();
  return opened.page;
}

/**
 * Holds every request to `pattern` (and `method`) for SLOW_MS before it goes on to the server. Returns how
 * many were held, so a test can check that the race it describes really happened.
 */
async function slowDown(page: Page, pattern: string, method = 'GET'): Promise<() => number> {
  let held = 0;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held += 1;
    await delay(SLOW_MS);
    // The page may have cancelled the request meanwhile (the router aborts a load it no longer needs).
    await route.continue().catch(() => undefined);
  });
  return () => held;
}

/**
 * Records, in the page, every element matching one of `selectors` that is added to the document from now
 * on, even if it is removed again before the test looks (what is already there is not counted). Returns the
 * selectors seen.
 */
async function watchForStale(page: Page, selectors: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((watched) => {
    const seen = new Set<string>();
    const check = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const selector of watched) if (node.matches(selector) || node.querySelector(selector)) seen.add(selector);
    };
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(check))).observe(document.body, { childList: true, subtree: true });
    Object.assign(window, { staleSeen: seen });
  }, selectors);
  return () => page.evaluate(() => [...(window as unknown as { staleSeen: Set<string> }).staleSeen]);
}

const sidebar = (page: Page, name: string) => page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name, exact: true });

const DASHBOARD_CONTENT = ['[data-testid="stat-total"]', '[data-testid="recent-builds"]', '[data-testid="price-management"]', '[data-testid="price-notice"]'];
const BUILDS_CONTENT = ['[data-testid="builds-table"]', '[data-testid="builds-count"]', '[data-testid="builds-empty"]', '[data-testid="builds-notice"]'];
const REPLACEMENTS_CONTENT = ['[data-testid="replacements-list"]', '[data-testid="replacements-empty"]', '[data-testid="replacements-notice"]'];
const PASSWORD_CONTENT = ['[data-testid="password-success"]', '[data-testid="password-error"]'];

/** After the slow answer has arrived (and the 2 s of the password redirect have passed): still on `path`, nothing stale. */
async function expectStillOn(page: Page, path: string, staleSeen: () => Promise<string[]>, extraWait = 0) {
  await delay(SLOW_MS + 1000 + extraWait);
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await staleSeen()).toEqual([]);
}

describe('slow read, quick navigation', () => {
  it('dashboard slow, then Build: the list shows, the dashboard never does', async () => {
    const page = await openAt('/admin/replacements', '[data-testid="replacements-empty"]');
    const held = await slowDown(page, '**/api/admin/stats');
    const staleSeen = await watchForStale(page, DASHBOARD_CONTENT);
    await sidebar(page, 'Dashboard').click();
    await expect.poll(held).toBe(1);
    // While the dashboard loads, the screen being left is not kept on show either.
    await page.getByRole('heading', { level: 1, name: 'Gestione Sostituzioni' }).waitFor({ state: 'detached' });
    await sidebar(page, 'Build').click();
    await page.getByTestId('builds-table').waitFor();
    await expectStillOn(page, '/admin/builds', staleSeen);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Build');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('builds list slow, then Sostituzioni: the replacements show, the list never does', async () => {
    const page = await openAt('/admin', '[data-testid="stat-total"]');
    const held = await slowDown(page, '**/api/admin/builds');
    const staleSeen = await watchForStale(page, BUILDS_CONTENT);
    await sidebar(page, 'Build').click();
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Sostituzioni').click();
    await page.getByTestId('replacements-empty').waitFor();
    await expectStillOn(page, '/admin/replacements', staleSeen);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('replacements slow, then Cambia Password: the form shows, the replacements never do', async () => {
    const page = await openAt('/admin/builds', '[data-testid="builds-table"]');
    const held = await slowDown(page, '**/api/admin/replacements');
    const staleSeen = await watchForStale(page, REPLACEMENTS_CONTENT);
    await sidebar(page, 'Sostituzioni').click();
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Cambia Password').click();
    await page.getByTestId('change-password-form').waitFor();
    await expectStillOn(page, '/admin/change-password', staleSeen);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('slow write, quick navigation', () => {
  it('dashboard: a slow tier assignment, then Build: its notice never shows and the browser stays on the list', async () => {
    const page = await openAt('/admin', '[data-testid="price-management"]');
    const held = await slowDown(page, '**/api/admin/components/assign-tiers', 'POST');
    const staleSeen = await watchForStale(page, DASHBOARD_CONTENT);
    await page.getByRole('button', { name: 'Assegnazione automatica tier' }).click();
    await page.getByRole('button', { name: 'Assegnazione in corso...' }).waitFor();
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Build').click();
    await page.getByTestId('builds-table').waitFor();
    await expectStillOn(page, '/admin/builds', staleSeen);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('builds list: a slow delete, then Dashboard: no notice, no list, the dashboard stays', async () => {
    const build = await apiCreateBuild(e2e.url, token, { title: `Build da eliminare ${Date.now()}`, description: 'Creata dal test', components: [] });
    const page = await openAt('/admin/builds', '[data-testid="builds-table"]');
    const held = await slowDown(page, `**/api/admin/builds/${build.id}`, 'DELETE');
    const staleSeen = await watchForStale(page, ['[data-testid="builds-notice"]', '[data-testid="builds-load-error"]']);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Elimina "${build.title}"` }).click();
    await page.getByRole('button', { name: `Elimina "${build.title}"` }).filter({ hasText: 'Eliminazione...' }).waitFor();
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Dashboard').click();
    await page.getByTestId('stat-total').waitFor();
    await expectStillOn(page, '/admin', staleSeen);
    expect(await page.getByTestId('builds-table').count()).toBe(0);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("replacements: a slow 'Aggiorna', then Build: the list stays", async () => {
    const page = await openAt('/admin/replacements', '[data-testid="replacements-empty"]');
    const held = await slowDown(page, '**/api/admin/replacements');
    const staleSeen = await watchForStale(page, REPLACEMENTS_CONTENT);
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Aggiorna' }).isDisabled()).toBe(true);
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Build').click();
    await page.getByTestId('builds-table').waitFor();
    await expectStillOn(page, '/admin/builds', staleSeen);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  // Last: the password may have changed (the server got the request); it is set back afterwards.
  it('change password: a slow answer, then Build: no success notice, and no redirect to the dashboard 2 s later', async () => {
    const NEW_PASSWORD = 'Corsa!Passw0rd#2027';
    const page = await openAt('/admin/change-password', '[data-testid="change-password-form"]');
    const held = await slowDown(page, '**/api/auth/change-password', 'POST');
    const staleSeen = await watchForStale(page, PASSWORD_CONTENT);
    await page.getByLabel('Password corrente', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Conferma nuova password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    await page.getByRole('button', { name: 'Aggiornamento...' }).waitFor();
    await expect.poll(held).toBe(1);
    await sidebar(page, 'Build').click();
    await page.getByTestId('builds-table').waitFor();
    // Past the slow answer and the 2 s after which a success would have opened /admin.
    await expectStillOn(page, '/admin/builds', staleSeen, 2000);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);

    const changed = await apiJson(e2e.url, '/auth/change-password', { method: 'POST', token, body: { currentPassword: NEW_PASSWORD, newPassword: ADMIN.password } });
    // 200: the change went through and is now undone; 400: it never happened. Either way the password is ADMIN's.
    expect([200, 400]).toContain(changed.status);
    expect((await apiJson(e2e.url, '/auth/login', { method: 'POST', body: ADMIN })).status).toBe(200);
  });
});

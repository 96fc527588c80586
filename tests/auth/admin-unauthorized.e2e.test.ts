/**
 * The product spec's "Error catalogue", "401 anywhere: token removed, redirect to /admin/login", now that
 * every admin call runs in a route loader or action: the session is revoked on the server while a screen is
 * open (the shell has verified it already and does not again), then the next read (a screen's loader) or
 * write (a screen's action) gets the 401. The token must be gone, the login form shown without a message, and
 * no further call made.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { ADMIN, apiCreateBuild, apiJson, apiLogin, openAdmin, storedToken, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** Opens `path` signed in with a fresh session; returns the page, its token and the admin API requests it sends from now on. */
async function openSignedIn(path: string, ready: string) {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  const page = opened.page;
  const token = await openAdmin(page, e2e.url, path, await apiLogin(e2e.url));
  await page.locator(ready).first().waitFor();
  const sent: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) sent.push({ path: `${response.request().method()} ${url.pathname}`, status: response.status() });
  });
  return { page, token, sent };
}

async function revoke(token: string) {
  expect((await apiJson(e2e.url, '/auth/logout', { method: 'POST', token })).status).toBe(200);
}

async function expectSignedOut(page: Page, sent: { path: string; status: number }[]) {
  await page.waitForURL(`${e2e.url}/admin/login`);
  await page.getByTestId('login-form').waitFor();
  expect(await storedToken(page)).toBeNull();
  expect(await page.getByTestId('login-error').count()).toBe(0);
  // Nothing went out after the 401 (the dashboard's three parallel reads may all get one).
  const first401 = sent.findIndex((response) => response.status === 401);
  expect(first401).toBeGreaterThanOrEqual(0);
  expect(sent.slice(first401).map((response) => response.status)).toEqual(sent.slice(first401).map(() => 401));
  expect(unexpectedErrors(opened!.errors, [401])).toEqual([]);
}

const sidebar = (page: Page, name: string) => page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name, exact: true });

describe('a 401 from a screen loader', () => {
  it.each([
    { from: '/admin/replacements', ready: '[data-testid="replacements-empty"]', link: 'Dashboard' },
    { from: '/admin', ready: '[data-testid="stat-total"]', link: 'Build' },
    { from: '/admin/builds', ready: '[data-testid="builds-table"]', link: 'Sostituzioni' },
  ])('$from -> $link: token removed, login page, no message', async ({ from, ready, link }) => {
    const { page, token, sent } = await openSignedIn(from, ready);
    await revoke(token);
    await sidebar(page, link).click();
    await expectSignedOut(page, sent);
  });

  it("'Aggiorna' on the replacements screen (a revalidation): token removed, login page", async () => {
    const { page, token, sent } = await openSignedIn('/admin/replacements', '[data-testid="replacements-empty"]');
    await revoke(token);
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expectSignedOut(page, sent);
  });
});

describe('a 401 from a screen action', () => {
  it('dashboard: automatic tier assignment', async () => {
    const { page, token, sent } = await openSignedIn('/admin', '[data-testid="price-management"]');
    await revoke(token);
    await page.getByRole('button', { name: 'Assegnazione automatica tier' }).click();
    await expectSignedOut(page, sent);
    expect(sent.at(-1)?.path).toBe('POST /api/admin/components/assign-tiers');
  });

  it('builds list: delete; the build is still there', async () => {
    const adminToken = await apiLogin(e2e.url);
    const build = await apiCreateBuild(e2e.url, adminToken, { title: 'Build che resta', description: 'Non eliminata', components: [] });
    const { page, token, sent } = await openSignedIn('/admin/builds', '[data-testid="builds-table"]');
    await revoke(token);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Elimina "${build.title}"` }).click();
    await expectSignedOut(page, sent);
    expect(sent.at(-1)?.path).toBe(`DELETE /api/admin/builds/${build.id}`);
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { token: adminToken })).status).toBe(200);
  });

  it('change password: the password is unchanged', async () => {
    const { page, token, sent } = await openSignedIn('/admin/change-password', '[data-testid="change-password-form"]');
    await revoke(token);
    await page.getByLabel('Password corrente', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Nuova password', { exact: true }).fill('Mai!Cambiata#2027');
    await page.getByLabel('Conferma nuova password', { exact: true }).fill('Mai!Cambiata#2027');
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    await expectSignedOut(page, sent);
    expect(sent.at(-1)?.path).toBe('POST /api/auth/change-password');
    expect((await apiJson(e2e.url, '/auth/login', { method: 'POST', body: ADMIN })).status).toBe(200);
  });
});

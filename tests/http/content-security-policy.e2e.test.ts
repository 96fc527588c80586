/**
 * The pages' script policy in Chromium (decision 026). Every admin screen, loaded as a document, runs under
 * `script-src 'self' 'nonce-…'` and the public pages under the hashes of their inline scripts: no page
 * reports a CSP violation or prints anything to the console, and every page still works (the admin
 * hydrates and navigates, the public scripts run). An inline script injected later is refused on both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { ADMIN, apiCreateBuild, apiJson, apiLogin, htmlClasses, storeToken } from '../e2e/admin-helpers';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { listPublished } from '../e2e/public-fixtures';

let e2e: E2EContext;
let token: string;
let buildId: number;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
  // A build with two revisions, so the editor's history lists something.
  const build = await apiCreateBuild(e2e.url, token, { title: 'Build per la CSP', description: 'x', content: 'Testo', budget: 900, components: [] });
  const saved = await apiJson(e2e.url, `/admin/builds/${build.id}`, {
    method: 'PUT',
    token,
    body: { title: 'Build per la CSP, rivista', description: 'x', content: 'Testo', budget: 900, status: 'draft', components: [] },
  });
  expect(saved.status).toBe(200);
  buildId = build.id;
});
afterAll(() => e2e?.close());

interface Watched extends OpenedPage {
  /** Every console message the page wrote or Chromium printed about it (CSP refusals included), and every uncaught error. */
  messages: string[];
  /** Every `securitypolicyviolation` event the pages fired. */
  violations: string[];
  /** The Content-Security-Policy of each document loaded, in order. */
  policies: string[];
}

let opened: Watched | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** A page that records console messages, page errors, CSP violations and each document's policy. */
async function watchedPage(): Promise<Watched> {
  const base = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  const watched: Watched = { ...base, messages: [], violations: [], policies: [] };
  base.page.on('console', (message) => {
    // 'verbose' (missing from Playwright's type) is Chromium's own DOM advice, e.g. a password form without a
    // username field: not output of the page.
    const level: string = message.type();
    if (level !== 'verbose') watched.messages.push(`console.${level}: ${message.text()} (${message.location().url})`);
  });
  base.page.on('pageerror', (error) => watched.messages.push(`pageerror: ${error.message}`));
  base.page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'document') watched.policies.push(response.headers()['content-security-policy'] ?? '(none)');
  });
  // A binding, not a page script: the protocol delivers it whatever the page's policy allows.
  await base.page.exposeBinding('reportCspViolation', (_source, text: string) => void watched.violations.push(text));
  await base.page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation(text: string): Promise<void> }).reportCspViolation;
        void report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${location.pathname} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
      },
      true,
    );
  });
  opened = watched;
  return watched;
}

/** Nothing went wrong on the pages so far: no violation, no console line, and each policy as expected. */
function expectClean(watched: Watched, policy: (text: string) => void) {
  expect(watched.violations).toEqual([]);
  expect(watched.messages).toEqual([]);
  expect(watched.policies.length).toBeGreaterThan(0);
  for (const text of watched.policies) policy(text);
}

function scriptSrc(policy: string): string {
  return /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
}

const expectNoncePolicy = (policy: string) => {
  expect(scriptSrc(policy)).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]+=*'$/);
};
const expectHashPolicy = (policy: string) => {
  expect(scriptSrc(policy)).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
};

/** The admin theme toggle flips <html>'s class: React's handlers are attached, the screen hydrated. */
async function expectHydrated(page: Page) {
  const before = (await htmlClasses(page)).includes('admin-dark');
  await page.getByTestId('admin-theme-toggle').click();
  await expect.poll(async () => (await htmlClasses(page)).includes('admin-dark')).toBe(!before);
  await page.getByTestId('admin-theme-toggle').click();
  await expect.poll(async () => (await htmlClasses(page)).includes('admin-dark')).toBe(before);
}

/** Loads `path` as a new document (a new nonce) and waits for what the screen shows once its data is in. */
async function loadScreen(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${e2e.url}${path}`);
  await page.getByTestId('admin-shell').waitFor();
  await ready(page);
  await expectHydrated(page);
}

describe('admin: nonce policy on every screen', () => {
  it('login, then every screen loaded as a document, navigation and logout: no violation, no console message', async () => {
    const watched = await watchedPage();
    const { page } = watched;

    // Login: the form works only once hydrated; signing in navigates client-side to the dashboard.
    await page.goto(`${e2e.url}/admin/login`);
    await page.getByTestId('login-form').waitFor();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('admin-shell').waitFor();
    await page.getByRole('region', { name: 'Rendimento', exact: true }).waitFor();

    await loadScreen(page, '/admin', (p) => p.getByRole('region', { name: 'Rendimento', exact: true }).waitFor());
    await loadScreen(page, '/admin/builds', (p) => p.getByTestId('builds-table').waitFor());
    await loadScreen(page, '/admin/builds/new', async (p) => {
      await p.getByTestId('build-editor').waitFor();
      await p.getByLabel('Titolo', { exact: true }).fill('Una build nuova');
    });
    await loadScreen(page, `/admin/builds/edit/${buildId}`, async (p) => {
      await expect.poll(() => p.getByLabel('Titolo', { exact: true }).inputValue()).toBe('Build per la CSP, rivista');
      const history = p.getByTestId('history-panel');
      await history.getByRole('button', { name: 'Mostra cronologia' }).click();
      await expect.poll(() => history.getByTestId('revision').count()).toBe(2);
      await p.getByRole('region', { name: 'Rendimento (30 giorni)', exact: true }).waitFor();
    });
    await loadScreen(page, '/admin/alternatives', (p) => p.getByTestId('category-item').first().waitFor());
    await loadScreen(page, '/admin/replacements', (p) => p.locator('[data-testid="replacements-list"], [data-testid="replacements-empty"]').first().waitFor());
    await loadScreen(page, '/admin/change-password', async (p) => {
      await p.getByTestId('change-password-form').waitFor();
      await p.getByLabel('Nuova password', { exact: true }).fill('Qualcosa1!');
      await p.getByTestId('strength-meter').waitFor();
    });

    // Client-side navigation through the sidebar, then logout (a form post to a route action).
    const nav = page.getByRole('navigation', { name: 'Amministrazione' });
    await nav.getByRole('link', { name: 'Build', exact: true }).click();
    await page.getByTestId('builds-table').waitFor();
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('region', { name: 'Rendimento', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByTestId('login-form').waitFor();

    // One document per screen loaded (login and the seven screens), each with its own nonce.
    expect(watched.policies).toHaveLength(8);
    expect(new Set(watched.policies).size).toBe(8);
    expectClean(watched, expectNoncePolicy);
  });

  it('every inline script of an admin document carries the nonce, which the DOM does not reveal', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    await storeToken(page, e2e.url, token);
    watched.policies.length = 0;
    await page.goto(`${e2e.url}/admin/builds`);
    await page.getByTestId('builds-table').waitFor();
    const nonce = /'nonce-([^']+)'/.exec(watched.policies[0]!)![1];
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((script) => ({ nonce: (script as HTMLScriptElement).nonce, attribute: script.getAttribute('nonce') })),
    );
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    // The browser hides the attribute's value from the DOM (nonce hiding): a CSS selector or script reading
    // attributes cannot learn it; the property keeps it for the browser's own checks.
    for (const script of scripts) expect(script).toEqual({ nonce, attribute: '' });
    expectClean(watched, expectNoncePolicy);
  });

  it('an inline script injected into an admin screen is refused and reported', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    await storeToken(page, e2e.url, token);
    await page.goto(`${e2e.url}/admin`);
    await page.getByTestId('admin-shell').waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => watched.violations.length).toBe(1);
    expect(watched.violations[0]).toMatch(/^script-src-elem blocked inline at \/admin /);
    // Chromium prints the refusal too: the console check of the other tests would see one.
    expect(watched.messages).toEqual([expect.stringMatching(/^console\.error: .*violates the following Content Security Policy directive/)]);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});

describe('public pages: hash policy', () => {
  it('home, a category and a build page run their scripts with no violation and no console message', async () => {
    const [build] = await listPublished(e2e.url);
    const watched = await watchedPage();
    const { page } = watched;
    for (const path of ['/', '/?categoria=gaming', `/build/${build!.slug}`]) {
      await page.goto(`${e2e.url}${path}`);
      // The <head> script ran (class `js`), and the page script works: the theme toggle flips the theme.
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
      const toggle = page.locator('header nav[aria-label="Principale"]').getByTestId('theme-toggle');
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      await toggle.click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!dark);
    }
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
    expect(watched.policies).toHaveLength(3);
    expectClean(watched, expectHashPolicy);
  });

  it('an inline script injected into a public page is refused and reported', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    await page.goto(`${e2e.url}/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => watched.violations.length).toBe(1);
    expect(watched.violations[0]).toMatch(/^script-src-elem blocked inline at \/ /);
    // Chromium prints the refusal too: the console check of the other tests would see one.
    expect(watched.messages).toEqual([expect.stringMatching(/^console\.error: .*violates the following Content Security Policy directive/)]);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});

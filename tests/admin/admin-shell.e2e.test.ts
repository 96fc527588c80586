/**
 * Admin CMS, first part: login, session rules (product spec, "States and transitions"), the protected shell
 * with its sidebar, theme and mobile menu, the dashboard (stats, recent builds, price management) and axe
 * checks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { hashSecretToken } from '../../src/modules/secrets';
import { ADMIN, apiJson, apiLogin, htmlClasses, openAdmin, seriousAxeViolations, storeAdminTheme, storedToken, storeToken, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
async function open(options: BrowserContextOptions = {}): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, ...options });
  return opened.page;
}
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const loginForm = (page: Page) => page.getByTestId('login-form');

async function openLogin(page: Page) {
  await page.goto(`${e2e.url}/admin/login`);
  await loginForm(page).waitFor();
}

describe('login /admin/login', () => {
  it('is noindex, without the public header and footer, titled "{site} CMS"', async () => {
    const page = await open();
    const response = await page.goto(`${e2e.url}/admin/login`);
    const html = await response!.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<title>Accesso \| Build PC CMS<\/title>/);
    await loginForm(page).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Build PC CMS');
    expect(await page.locator('header nav[aria-label="Principale"]').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByLabel('Username').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('empty fields: client message, no request sent', async () => {
    const page = await open();
    const loginRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginRequests.push(request.url());
    });
    await openLogin(page);
    await page.getByRole('button', { name: 'Accedi' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Inserisci username e password');
    expect(await error.getAttribute('role')).toBe('alert');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Accedi' }).click();
    expect(await error.textContent()).toBe('Inserisci username e password');
    expect(loginRequests).toEqual([]);
  });

  it("wrong password: the server's message in the red box, no token, no redirect", async () => {
    const page = await open();
    await openLogin(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Credenziali non valide');
    expect(await error.evaluate((node) => node.className)).toContain('bg-red-50');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await storedToken(page)).toBeNull();
    expect(unexpectedErrors(opened!.errors, [401])).toEqual([]);
  });

  it('success stores the token and opens the dashboard with the stats of GET /api/admin/stats', async () => {
    const page = await open();
    await openLogin(page);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByTestId('stat-total').waitFor();
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const { body } = await apiJson<{ stats: { total: number; published: number; drafts: number; totalViews: number } }>(e2e.url, '/admin/stats', { token: token! });
    const fmt = (n: number) => n.toLocaleString('it-IT', { useGrouping: 'always' });
    const value = (key: string) => page.getByTestId(`stat-${key}`).getByTestId('stat-value').textContent();
    expect(await value('total')).toBe(fmt(body.stats.total));
    expect(await value('published')).toBe(fmt(body.stats.published));
    expect(await value('drafts')).toBe(fmt(body.stats.drafts));
    expect(await value('totalViews')).toBe(fmt(body.stats.totalViews));
    for (const label of ['Build totali', 'Pubblicate', 'Bozze', 'Visualizzazioni totali']) {
      expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('admin-username').textContent()).toBe('admin');
    expect(await page.title()).toBe('Dashboard | Build PC CMS');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('already signed in: /admin/login goes to /admin', async () => {
    const page = await open();
    await storeToken(page, e2e.url, await apiLogin(e2e.url));
    await page.goto(`${e2e.url}/admin/login`);
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByTestId('admin-shell').waitFor();
  });
});

describe('session rules', () => {
  it('server render of an admin page is a spinner; the browser then loads the data', async () => {
    const page = await open();
    const response = await page.goto(`${e2e.url}/admin`);
    const html = await response!.text();
    expect(html).toContain('data-testid="admin-spinner"');
    expect(html).not.toContain('data-testid="admin-shell"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // No token: verification is skipped, the visitor lands on the login form.
    await page.waitForURL(`${e2e.url}/admin/login`);
    await loginForm(page).waitFor();
  });

  const ADMIN_PAGES = ['/admin', '/admin/builds', '/admin/builds/new', '/admin/builds/edit/1', '/admin/alternatives', '/admin/replacements', '/admin/change-password'];

  it.each(ADMIN_PAGES)('expired token on %s: token removed, back to /admin/login, no message', async (path) => {
    const page = await open();
    // A real session whose expiry has passed (the server's clock decides, not the browser).
    const token = await apiLogin(e2e.url);
    await e2e.runtime.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashSecretToken(token))
      .execute();
    expect((await apiJson(e2e.url, '/auth/verify', { token })).status).toBe(401);
    await storeToken(page, e2e.url, token);
    await page.goto(`${e2e.url}${path}`);
    await page.waitForURL(`${e2e.url}/admin/login`);
    await loginForm(page).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.getByTestId('login-error').count()).toBe(0);
    expect(unexpectedErrors(opened!.errors, [401])).toEqual([]);
  });

  it('an invented token is treated the same way', async () => {
    const page = await open();
    await storeToken(page, e2e.url, 'scaduto-o-inventato');
    await page.goto(`${e2e.url}/admin/builds`);
    await page.waitForURL(`${e2e.url}/admin/login`);
    expect(await storedToken(page)).toBeNull();
    expect(unexpectedErrors(opened!.errors, [401])).toEqual([]);
  });

  it('a 401 from a later call (revoked session) removes the token and goes to /admin/login', async () => {
    const page = await open();
    const token = await openAdmin(page, e2e.url);
    await page.getByRole('button', { name: 'Assegnazione automatica tier' }).waitFor();
    expect((await apiJson(e2e.url, '/auth/logout', { method: 'POST', token })).status).toBe(200);
    await page.getByRole('button', { name: 'Assegnazione automatica tier' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await loginForm(page).waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('logout calls the API, removes the token, goes to /admin/login; the old token is rejected', async () => {
    const page = await open();
    const token = await openAdmin(page, e2e.url);
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await loginForm(page).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect((await apiJson(e2e.url, '/auth/verify', { token })).status).toBe(401);
    // Back to a protected page: signed out.
    await page.goto(`${e2e.url}/admin`);
    await page.waitForURL(`${e2e.url}/admin/login`);
  });
});

describe('shell', () => {
  const NAV = [
    { name: 'Dashboard', href: '/admin' },
    { name: 'Build', href: '/admin/builds' },
    { name: 'Alternative', href: '/admin/alternatives' },
    { name: 'Sostituzioni', href: '/admin/replacements' },
    { name: 'Avvisi', href: '/admin/alerts' },
    { name: 'Guadagni', href: '/admin/revenue' },
    { name: 'Sinonimi', href: '/admin/synonyms' },
    { name: 'Cambia Password', href: '/admin/change-password' },
  ];

  it('sidebar links, section headings, username, Visualizza Sito; no public chrome', async () => {
    const page = await open();
    await openAdmin(page, e2e.url);
    const nav = page.locator('nav[aria-label="Amministrazione"]');
    for (const item of NAV) expect(await nav.getByRole('link', { name: item.name, exact: true }).getAttribute('href')).toBe(item.href);
    expect(await page.getByRole('link', { name: 'Visualizza Sito' }).getAttribute('href')).toBe('/');
    expect(await page.locator('header nav[aria-label="Principale"]').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);

    for (const [name, heading, title] of [
      ['Build', 'Build', 'Build | Build PC CMS'],
      ['Alternative', 'Gestione Alternative Componenti', 'Alternative | Build PC CMS'],
      ['Sostituzioni', 'Gestione Sostituzioni', 'Sostituzioni | Build PC CMS'],
      ['Avvisi', 'Avvisi email', 'Avvisi | Build PC CMS'],
      ['Guadagni', 'Guadagni', 'Guadagni | Build PC CMS'],
      ['Sinonimi', 'Sinonimi della ricerca', 'Sinonimi | Build PC CMS'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => page.title()).toBe(title);
    }
    await nav.getByRole('link', { name: 'Cambia Password', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Cambia Password' }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByTestId('stat-total').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it.each([
    { system: 'light' as const, initial: 'admin-light', afterClick: 'admin-dark', stored: 'true' },
    { system: 'dark' as const, initial: 'admin-dark', afterClick: 'admin-light', stored: 'false' },
  ])('theme: system $system -> $initial; toggle stores admin-dark-mode=$stored and wins after reload', async ({ system, initial, afterClick, stored }) => {
    const page = await open({ colorScheme: system });
    await openAdmin(page, e2e.url);
    expect(await htmlClasses(page)).toContain(initial);
    expect(await page.evaluate(() => localStorage.getItem('admin-dark-mode'))).toBeNull();
    await page.getByTestId('admin-theme-toggle').click();
    expect(await htmlClasses(page)).toContain(afterClick);
    expect(await htmlClasses(page)).not.toContain(initial);
    expect((await htmlClasses(page)).includes('dark')).toBe(afterClick === 'admin-dark');
    expect(await page.evaluate(() => localStorage.getItem('admin-dark-mode'))).toBe(stored);
    await page.reload();
    // Applied by the inline script before hydration, and kept after.
    expect(await htmlClasses(page)).toContain(afterClick);
    await page.getByTestId('admin-shell').waitFor();
    expect(await htmlClasses(page)).toContain(afterClick);
    // The login page uses the same choice and has its own toggle.
    await page.goto(`${e2e.url}/admin/login`);
    expect(await htmlClasses(page)).toContain(afterClick);
  });

  it('login page toggle switches the admin theme', async () => {
    const page = await open({ colorScheme: 'light' });
    await openLogin(page);
    expect(await htmlClasses(page)).toContain('admin-light');
    await page.getByTestId('admin-theme-toggle').click();
    expect(await htmlClasses(page)).toContain('admin-dark');
    expect(await page.evaluate(() => localStorage.getItem('admin-dark-mode'))).toBe('true');
  });

  it('mobile 390x844: collapsible sidebar', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await openAdmin(page, e2e.url);
    const button = page.getByTestId('admin-menu-button');
    const sidebar = page.locator('#admin-sidebar');
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-controls')).toBe('admin-sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.isVisible()).toBe(true);
    await sidebar.getByRole('link', { name: 'Cambia Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cambia Password' }).waitFor();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    // Nothing overflows sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('desktop: sidebar always visible, no menu button', async () => {
    const page = await open();
    await openAdmin(page, e2e.url);
    expect(await page.getByTestId('admin-menu-button').isVisible()).toBe(false);
    expect(await page.locator('#admin-sidebar').isVisible()).toBe(true);
  });
});

describe('dashboard', () => {
  it('5 recent builds link to /admin/builds/edit/{id} with Italian dates and status labels', async () => {
    const page = await open();
    const token = await openAdmin(page, e2e.url);
    const { body } = await apiJson<{ builds: { id: number; title: string; status: string; created_at: string }[] }>(e2e.url, '/admin/builds', { token });
    const expected = body.builds.slice(0, 5);
    const list = page.getByTestId('recent-builds');
    await list.waitFor();
    const items = list.locator('li');
    expect(await items.count()).toBe(expected.length);
    expect(expected.length).toBe(5);
    const date = (iso: string) => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date(iso));
    for (const [index, build] of expected.entries()) {
      const item = items.nth(index);
      const link = item.getByRole('link');
      expect(await link.textContent()).toBe(build.title);
      expect(await link.getAttribute('href')).toBe(`/admin/builds/edit/${build.id}`);
      const text = await item.textContent();
      expect(text).toContain(date(build.created_at));
      expect(text).toContain(build.status === 'published' ? 'Pubblicato' : 'Bozza');
    }
  });

  it('price block: tiers, cache, retailer not configured; Tier A/B disabled with the reason; assign tiers reports the count', async () => {
    const page = await open();
    const token = await openAdmin(page, e2e.url);
    const block = page.getByTestId('price-management');
    await block.getByTestId('retailer-missing').waitFor();
    const stats = await apiJson<{ componentStats: { tier: string; total: number }[]; retailer: { configured: boolean; missing: string } }>(e2e.url, '/admin/prices/stats', { token });
    expect(stats.body.retailer.configured).toBe(false);
    expect(await block.getByTestId('retailer-missing').textContent()).toBe(`Aggiornamento dei prezzi non disponibile. ${stats.body.retailer.missing}`);
    const labels = { A: 'Alta Priorità', B: 'Media Priorità', C: 'Bassa Priorità' } as Record<string, string>;
    for (const stat of stats.body.componentStats) {
      const card = block.getByTestId(`tier-${stat.tier}`);
      expect(await card.textContent()).toContain(labels[stat.tier]);
      expect(await card.textContent()).toContain(`Componenti${stat.total.toLocaleString('it-IT', { useGrouping: 'always' })}`);
    }
    expect(await block.textContent()).toContain('Prodotti in cache');

    // Tier A/B without Amazon settings would only answer 503: disabled, described by the reason.
    const tierA = await apiJson<{ error: { message: string } }>(e2e.url, '/admin/prices/update-tier/A', { method: 'POST', token });
    expect(tierA.status).toBe(503);
    for (const name of ['Aggiorna Tier A', 'Aggiorna Tier B']) {
      expect(await block.getByRole('button', { name }).isDisabled(), name).toBe(true);
      expect(await block.getByRole('button', { name }).getAttribute('aria-describedby')).toBe(await block.getByTestId('retailer-missing').getAttribute('id'));
    }

    // Automatic tier assignment needs no retailer: every component gets a tier; the notice gives the count.
    const total = stats.body.componentStats.reduce((sum, stat) => sum + stat.total, 0);
    expect(await block.getByRole('button', { name: 'Assegnazione automatica tier' }).isEnabled()).toBe(true);
    await block.getByRole('button', { name: 'Assegnazione automatica tier' }).click();
    const notice = block.getByTestId('price-notice');
    await expect.poll(() => notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toContain(`Tier assegnati automaticamente: ${total.toLocaleString('it-IT', { useGrouping: 'always' })}`);
    // The tier table is reloaded: tier A and B exist now.
    await block.getByTestId('tier-A').waitFor();
    expect(await block.getByTestId('tier-A').textContent()).toContain('Alta Priorità');
    expect(await block.getByTestId('tier-B').textContent()).toContain('Media Priorità');
    expect(unexpectedErrors(opened!.errors, [503])).toEqual([]);
  });

  it('quick actions: new build, sitemap, site preview', async () => {
    const page = await open();
    await openAdmin(page, e2e.url);
    expect(await page.getByRole('link', { name: 'Nuova Build' }).getAttribute('href')).toBe('/admin/builds/new');
    expect(await page.getByRole('link', { name: 'Sitemap' }).getAttribute('href')).toBe('/sitemap.xml');
    expect(await page.getByRole('link', { name: 'Anteprima sito' }).getAttribute('href')).toBe('/');
  });
});

describe.each([
  { theme: 'light', stored: 'false' },
  { theme: 'dark', stored: 'true' },
])('axe in the admin $theme theme', ({ stored }) => {
  async function withTheme(page: Page) {
    await storeAdminTheme(page, e2e.url, stored);
  }

  it('login page', async () => {
    const page = await open();
    await withTheme(page);
    await openLogin(page);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('login-error').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('dashboard (with a notice)', async () => {
    const page = await open();
    await withTheme(page);
    await openAdmin(page, e2e.url);
    await page.getByTestId('recent-builds').waitFor();
    await page.getByTestId('retailer-missing').waitFor();
    await page.getByRole('button', { name: 'Assegnazione automatica tier' }).click();
    await page.getByTestId('price-notice').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('dashboard at phone size with the menu open', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await withTheme(page);
    await openAdmin(page, e2e.url);
    await page.getByTestId('admin-menu-button').click();
    await page.getByTestId('recent-builds').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('change password (with an error and the strength meter)', async () => {
    const page = await open();
    await withTheme(page);
    await openAdmin(page, e2e.url, '/admin/change-password');
    await page.getByLabel('Nuova password', { exact: true }).fill('Abcdefg1!');
    await page.getByLabel('Conferma nuova password').fill('Abcdefg1!');
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    await page.getByTestId('password-error').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

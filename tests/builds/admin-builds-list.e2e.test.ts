/**
 * /admin/builds (product spec, "Screens and routes", "Entities and their fields", "States and
 * transitions", "Error catalogue"): the table against GET /api/admin/builds, search and status
 * filter kept in the URL, delete with its confirm and its real error, phone width and axe in both themes.
 * Own server; the last test deletes every build.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { statusLabel } from '../../src/common/catalog';
import type { BuildAdminRow } from '../../src/modules/builds';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiJson, apiLogin, openAdmin, seriousAxeViolations, storeAdminTheme, unexpectedErrors } from '../e2e/admin-helpers';

// The commissions header is a link that sorts the list (its hidden text says so).
const COLUMNS = ['Titolo', 'Categoria', 'Budget', 'Stato', 'Visualizzazioni', 'Commissioni 30 gg: ordina dalla più alta', 'Creata il', 'Azioni'];
const CATEGORY_LABELS: Record<string, string> = { gaming: 'Gaming', editing: 'Editing', office: 'Ufficio', workstation: 'Workstation', budget: 'Budget', premium: 'Premium' };
const STATUS_LABELS: Record<string, string> = { published: 'Pubblicato', draft: 'Bozza' };
const BADGE_CLASS: Record<string, string> = { published: 'bg-green-100', draft: 'bg-yellow-100' };
const DELETE_ERROR = "Errore durante l'eliminazione della build";
const NO_MATCH = 'Nessuna build corrisponde alla ricerca.';
/** Not in the product spec's catalogue ("Entities and their fields"): written to the database, as the API refuses them. */
const UNKNOWN = { title: 'Build fuori catalogo', category: 'retrogaming', status: 'archiviata' };

const euro = (value: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(value);
const italianDate = (iso: string) => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date(iso));
const lower = (text: string) => text.toLocaleLowerCase('it-IT');

let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
  const created = await createBuild({ title: UNKNOWN.title, description: 'Categoria e stato sconosciuti, budget assente', budget: null });
  await e2e.runtime.database.db.updateTable('builds').set({ category: UNKNOWN.category, status: UNKNOWN.status }).where('id', '=', created.id).execute();
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

function createBuild(overrides: Record<string, unknown> = {}): Promise<BuildAdminRow> {
  return apiCreateBuild(e2e.url, token, { title: `Build da eliminare ${Date.now()}`, description: 'Creata dal test', category: 'office', budget: 500, components: [], ...overrides });
}

async function apiBuilds(): Promise<BuildAdminRow[]> {
  const { status, body } = await apiJson<{ builds: BuildAdminRow[] }>(e2e.url, '/admin/builds', { token });
  expect(status).toBe(200);
  return body.builds;
}

async function firstBuild(): Promise<BuildAdminRow> {
  const [first] = await apiBuilds();
  if (!first) throw new Error('No builds left on the server');
  return first;
}

const rows = (page: Page) => page.getByTestId('build-row');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Cerca' });
const statusSelect = (page: Page) => page.getByRole('combobox', { name: 'Stato' });
const rowTitles = (page: Page) => rows(page).locator('th').allTextContents();

async function openList(page: Page, query = ''): Promise<void> {
  await openAdmin(page, e2e.url, `/admin/builds${query}`, token);
  // The table from md up, the cards on a phone: whichever this viewport displays.
  await page
    .locator('[data-testid="builds-table"], [data-testid="builds-cards"], [data-testid="builds-no-match"], [data-testid="builds-empty"]')
    .filter({ visible: true })
    .first()
    .waitFor();
}

function matching(builds: BuildAdminRow[], q: string, status: 'all' | 'published' | 'draft'): string[] {
  return builds.filter((b) => (status === 'all' || b.status === status) && (lower(b.title).includes(lower(q)) || lower(b.description).includes(lower(q)))).map((b) => b.title);
}

describe('/admin/builds table', () => {
  it('columns, Italian labels, budget, badge, views and dates match GET /api/admin/builds; view link only for published', async () => {
    const page = await open();
    await openList(page);
    const builds = await apiBuilds();
    // Every case of the spec is present, so each assertion below can fail.
    expect(builds.some((b) => b.status === 'published')).toBe(true);
    expect(builds.some((b) => b.status === 'draft')).toBe(true);
    expect(builds.some((b) => b.budget === null && b.category === UNKNOWN.category && b.status === UNKNOWN.status)).toBe(true);

    expect(await page.title()).toBe('Build | Build PC CMS');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Build');
    expect(await page.getByRole('link', { name: 'Nuova Build' }).getAttribute('href')).toBe('/admin/builds/new');
    const table = page.getByRole('table', { name: 'Elenco delle build' });
    expect(await table.locator('thead th').allTextContents()).toEqual(COLUMNS);
    expect(await table.locator('thead th[scope="col"]').count()).toBe(COLUMNS.length);
    expect(await page.getByTestId('builds-count').textContent()).toBe(`${builds.length} build`);

    expect(await rows(page).count()).toBe(builds.length);
    for (const [index, build] of builds.entries()) {
      const row = rows(page).nth(index);
      const cells = await row.locator('th, td').allTextContents();
      expect(cells.slice(0, 7)).toEqual([
        build.title,
        CATEGORY_LABELS[build.category ?? ''] ?? build.category,
        build.budget === null ? 'N/A' : euro(build.budget),
        STATUS_LABELS[build.status] ?? build.status,
        build.views.toLocaleString('it-IT', { useGrouping: 'always' }), // thousands always grouped
        '—', // no earnings report imported
        italianDate(build.created_at),
      ]);
      expect(await row.locator('th').getAttribute('scope')).toBe('row');
      expect(await row.getByTestId('status-badge').getAttribute('class')).toContain(BADGE_CLASS[build.status] ?? 'bg-slate-200');

      const view = row.getByRole('link', { name: `Visualizza "${build.title}"` });
      if (build.status === 'published') {
        expect(await view.getAttribute('href')).toBe(`/build/${build.slug}`);
        expect(await view.getAttribute('target')).toBe('_blank');
      } else {
        expect(await view.count()).toBe(0);
      }
      expect(await row.getByRole('link', { name: `Modifica "${build.title}"` }).getAttribute('href')).toBe(`/admin/builds/edit/${build.id}`);
      expect(await row.getByRole('button', { name: `Elimina "${build.title}"` }).textContent()).toBe('Elimina');
    }
    // Spot checks with literal values, independent of the formatting helpers above.
    const unknownRow = rows(page).filter({ hasText: UNKNOWN.title });
    expect(await unknownRow.locator('td').nth(0).textContent()).toBe('retrogaming');
    expect(await unknownRow.locator('td').nth(1).textContent()).toBe('N/A');
    expect(await unknownRow.locator('td').nth(2).textContent()).toBe('archiviata');
    const budgetCells = await rows(page).locator('td:nth-of-type(2)').allTextContents();
    expect(budgetCells.some((cell) => /^1\.200,00\s€$/.test(cell))).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('Modifica opens the editor of that build', async () => {
    const page = await open();
    await openList(page);
    const first = await firstBuild();
    await page.getByRole('link', { name: `Modifica "${first.title}"` }).click();
    await page.waitForURL(`${e2e.url}/admin/builds/edit/${first.id}`);
  });
});

describe('search and status filter', () => {
  it('search is case-insensitive over title and description; the URL keeps it after reload; no match gives the empty text', async () => {
    const page = await open();
    await openList(page);
    const builds = await apiBuilds();
    // A word of one description that is in no title: only the description can match it.
    const fromDescription = builds
      .flatMap((b) => b.description.split(/\s+/))
      .find((word) => word.length >= 7 && /^\p{L}+$/u.test(word) && builds.every((b) => !lower(b.title).includes(lower(word))));
    expect(fromDescription).toBeTruthy();
    const typed = fromDescription!.toLocaleUpperCase('it-IT');
    const expected = matching(builds, typed, 'all');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(builds.length);

    await searchBox(page).fill(typed);
    await expect.poll(() => rowTitles(page)).toEqual(expected);
    expect(new URL(page.url()).searchParams.get('q')).toBe(typed);
    expect(await page.getByTestId('builds-count').textContent()).toBe(`${expected.length} di ${builds.length} build`);

    await page.reload();
    await page.getByTestId('builds-table').waitFor();
    expect(await searchBox(page).inputValue()).toBe(typed);
    expect(await rowTitles(page)).toEqual(expected);

    // Title fragment in upper case with spaces around it.
    const titleFragment = builds[0]!.title.slice(3, 12);
    await searchBox(page).fill(`  ${titleFragment.toLocaleUpperCase('it-IT')}  `);
    await expect.poll(() => rowTitles(page)).toEqual(matching(builds, titleFragment, 'all'));

    await searchBox(page).fill('nessuna build ha questo testo');
    await page.getByTestId('builds-no-match').waitFor();
    expect(await page.getByTestId('builds-no-match').textContent()).toBe(NO_MATCH);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('status filter (Tutti, Pubblicato, Bozza, Programmata) combines with the search and survives a reload; the sidebar link resets both', async () => {
    const page = await open();
    await openList(page);
    const builds = await apiBuilds();
    expect(await statusSelect(page).locator('option').allTextContents()).toEqual(['Tutti', 'Pubblicato', 'Bozza', 'Programmata']);
    expect(await statusSelect(page).inputValue()).toBe('all');

    await statusSelect(page).selectOption({ label: 'Bozza' });
    await expect.poll(() => rowTitles(page)).toEqual(matching(builds, '', 'draft'));
    expect(matching(builds, '', 'draft').length).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft');

    await statusSelect(page).selectOption({ label: 'Pubblicato' });
    const published = matching(builds, '', 'published');
    await expect.poll(() => rowTitles(page)).toEqual(published);
    expect(published.length).toBe(builds.filter((b) => b.status === 'published').length);
    // Every row shown is published: each has its public view link.
    expect(await rows(page).getByRole('link', { name: /^Visualizza/ }).count()).toBe(published.length);

    await searchBox(page).fill('GAMING');
    const both = matching(builds, 'gaming', 'published');
    await expect.poll(() => rowTitles(page)).toEqual(both);
    expect(both.length).toBeLessThan(published.length);
    const url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('status')]).toEqual(['GAMING', 'published']);

    await page.reload();
    await page.getByTestId('builds-table').waitFor();
    expect(await statusSelect(page).inputValue()).toBe('published');
    expect(await searchBox(page).inputValue()).toBe('GAMING');
    expect(await rowTitles(page)).toEqual(both);

    await statusSelect(page).selectOption({ label: 'Tutti' });
    await expect.poll(() => rowTitles(page)).toEqual(matching(builds, 'gaming', 'all'));
    expect(new URL(page.url()).searchParams.has('status')).toBe(false);

    await page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Build', exact: true }).click();
    await expect.poll(() => searchBox(page).inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');
    expect(await rowTitles(page)).toEqual(builds.map((b) => b.title));
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('delete', () => {
  it('confirm dismissed: nothing deleted; accepted: progress, row gone, the API answers 404', async () => {
    const build = await createBuild();
    // Two saves: three revisions, which the confirmation counts (decision 027).
    const { updated_at: _version, ...saved } = build;
    for (let i = 0; i < 2; i++) expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'PUT', token, body: saved })).status).toBe(200);
    const page = await open();
    await openList(page);
    const button = page.getByRole('button', { name: `Elimina "${build.title}"` });

    const dismissed = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await button.click();
    expect(await dismissed).toBe(
      `Sei sicuro di voler eliminare "${build.title}"?\n\nVerranno eliminate anche le sue 3 revisioni della cronologia. ` +
        `Visite e clic restano nel Rendimento della dashboard, come "${build.title} (eliminata)".`,
    );
    expect(await button.isVisible()).toBe(true);
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { token })).status).toBe(200);

    // Hold the DELETE to see the progress state, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/builds/${build.id}`, async (route) => {
      await held;
      await route.continue();
    });
    page.once('dialog', (dialog) => void dialog.accept());
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Eliminazione...');
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.locator(`[data-testid="build-row"][data-build-id="${build.id}"]`).waitFor({ state: 'detached' });
    const notice = page.getByTestId('builds-notice');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toContain(`Build "${build.title}" eliminata.`);
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { token })).status).toBe(404);
    expect(await rows(page).count()).toBe((await apiBuilds()).length);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("a build deleted meanwhile: the server's 404 shows the spec's error text", async () => {
    const build = await createBuild();
    const page = await open();
    await openList(page);
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'DELETE', token })).status).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Elimina "${build.title}"` }).click();
    const notice = page.getByTestId('builds-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.locator('div').first().textContent()).toBe(DELETE_ERROR);
    expect(await page.getByRole('button', { name: `Elimina "${build.title}"` }).isEnabled()).toBe(true);
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });
});

describe('loading', () => {
  it("a failed load shows the error and 'Riprova' loads the list", async () => {
    const page = await open();
    await page.route('**/api/admin/builds', (route) => route.abort('connectionreset'));
    await openAdmin(page, e2e.url, '/admin/builds', token);
    const error = page.getByTestId('builds-load-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.locator('p').textContent()).toBe('Errore nel caricamento delle build');
    await page.unroute('**/api/admin/builds');
    await error.getByRole('button', { name: 'Riprova' }).click();
    await page.getByTestId('builds-table').waitFor();
    expect(await rows(page).count()).toBe((await apiBuilds()).length);
    // The aborted request is the only console error.
    expect(unexpectedErrors(opened!.errors).filter((e) => !e.includes('net::ERR_CONNECTION_RESET'))).toEqual([]);
  });
});

describe('phone 390x844', () => {
  it('cards instead of the table: every fact and action in view, nothing scrolls sideways, and the actions work', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport, isMobile: true, hasTouch: true });
    await openList(page);
    expect(await page.getByTestId('builds-table-region').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await searchBox(page).isVisible()).toBe(true);
    expect(await statusSelect(page).isVisible()).toBe(true);

    const builds = await apiBuilds();
    const cards = page.getByTestId('build-card');
    expect(await cards.count()).toBe(builds.length);
    const first = await firstBuild();
    const card = page.locator(`[data-testid="build-card"][data-build-id="${first.id}"]`);
    const text = (await card.textContent())!.replace(/\s+/g, ' ');
    // Status, views and date are written out on the card, not behind a scroll.
    expect(text).toContain(first.title);
    expect(text).toContain(statusLabel(first.status));
    expect(text).toMatch(/Visualizzazioni: [\d.]+/);
    expect(text).toMatch(/Creata il \d{1,2} \w+ \d{4}/);
    for (const element of [card, card.getByRole('link', { name: `Modifica "${first.title}"` }), card.getByRole('button', { name: `Elimina "${first.title}"` })]) {
      const box = await element.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }

    const edit = card.getByRole('link', { name: `Modifica "${first.title}"` });
    await edit.tap();
    await page.waitForURL(`${e2e.url}/admin/builds/edit/${first.id}`);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('from md up the table is back', async () => {
    const page = await open({ viewport: { width: 800, height: 900 } });
    await openList(page);
    expect(await page.getByTestId('builds-table-region').isVisible()).toBe(true);
    expect(await page.getByTestId('builds-cards').isVisible()).toBe(false);
  });
});

describe.each([
  { theme: 'light', stored: 'false', htmlClass: 'admin-light' },
  { theme: 'dark', stored: 'true', htmlClass: 'admin-dark' },
])('axe in the admin $theme theme', ({ stored, htmlClass }) => {
  async function openThemed(options: BrowserContextOptions = {}): Promise<Page> {
    const page = await open(options);
    await storeAdminTheme(page, e2e.url, stored);
    await openList(page);
    expect(await page.evaluate(() => document.documentElement.className)).toContain(htmlClass);
    return page;
  }

  it('table with a delete error notice', async () => {
    const build = await createBuild();
    const page = await openThemed();
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'DELETE', token })).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Elimina "${build.title}"` }).click();
    await page.getByTestId('builds-notice').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });

  it('no match, at phone size', async () => {
    const page = await openThemed({ viewport: VIEWPORTS[0].viewport });
    await searchBox(page).fill('nessuna build ha questo testo');
    await page.getByTestId('builds-no-match').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('cards at phone size', async () => {
    const page = await openThemed({ viewport: VIEWPORTS[0].viewport });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

// Last: removes every build of this server.
describe('no builds at all', () => {
  it("friendly text with the 'Nuova Build' link, no filters", async () => {
    for (const build of await apiBuilds()) {
      expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'DELETE', token })).status).toBe(200);
    }
    const page = await open();
    await openList(page);
    const empty = page.getByTestId('builds-empty');
    expect(await empty.textContent()).toContain('Non hai ancora creato nessuna build');
    expect(await empty.getByRole('link', { name: 'Nuova Build' }).getAttribute('href')).toBe('/admin/builds/new');
    expect(await searchBox(page).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

/**
 * The build editor's component table and its data layer (route loaders and actions), in Chromium against
 * the real server: the columns (type, name, price, availability, freshness of the price) with what the
 * retailer last said, inline editing saved, reordering by keyboard and by drag saved in that order, one
 * full card open at a time; the markdown renderer loaded only when the preview opens; and a slow answer
 * followed by a quick navigation never showing the old screen's data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPrice } from '../../src/common/format';
import type { BuildAdmin } from '../../src/modules/builds';
import { type FakeCreatorsApi, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiLogin, openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';

const HOUR = 60 * 60 * 1000;

let fake: FakeCreatorsApi;
let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: [] });
  e2e = await startE2E(retailerEnv(fake));
  token = await apiLogin(e2e.url);
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openEditor(path: string): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, path, token);
  await opened.page.getByTestId('build-editor').waitFor();
  return opened.page;
}

const THREE = [
  { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0TABCPU01' },
  { type: 'GPU', name: 'NVIDIA RTX 5060 Ti', price: 449, amazon_link: 'https://www.amazon.it/dp/B0TABGPU02' },
  { type: 'Case', name: 'Fractal Pop Air', price: 89.9 },
];
const createBuild = (title: string, components: Record<string, unknown>[] = THREE) =>
  apiCreateBuild(e2e.url, token, { title, components: components.map((component, position) => ({ ...component, position })) });
const getBuild = (id: number) => apiGetBuild(e2e.url, token, id);
const namesInOrder = async (id: number) => (await getBuild(id)).components.sort((a, b) => a.position - b.position).map((c) => [c.name, c.position]);

const rows = (page: Page) => page.getByTestId('component-row');
const row = (page: Page, n: number) => rows(page).nth(n - 1);
const inlineNames = (page: Page) => rows(page).evaluateAll((list) => list.map((tr) => tr.querySelector<HTMLInputElement>('input[aria-label^="Nome"]')?.value ?? null));
const saveAndWait = async (page: Page) => {
  await page.getByTestId('save-button').click();
  await expect.poll(() => page.getByTestId('save-notice').locator('p').textContent()).toBe('Build aggiornata con successo!');
};
const focused = (page: Page) => page.evaluate(() => ({ label: document.activeElement?.getAttribute('aria-label') ?? null, value: document.activeElement instanceof HTMLInputElement ? document.activeElement.value : null }));

describe('component table', () => {
  beforeEach(() => {
    fake.setItem({ asin: 'B0TABCPU01', title: 'AMD Ryzen 5 7600', brand: 'AMD', price: 189.5, availability: 'IN_STOCK' });
  });

  it('columns: type, name, price, availability and how fresh the price is; a typed price is marked as not saved', async () => {
    const build = await createBuild('Tabella con i dati del negozio');
    const [cpu, gpu] = build.components;
    // What the retailer said earlier: written as the price refresh writes it (no API sets a past date).
    const db = e2e.runtime.database.db;
    await db.updateTable('components').set({ availability: 'OUT_OF_STOCK', availability_checked_at: new Date(Date.now() - 3 * 24 * HOUR).toISOString(), price_updated_at: new Date(Date.now() - 3 * 24 * HOUR - HOUR).toISOString() }).where('id', '=', cpu!.id).execute();
    await db.updateTable('components').set({ availability: 'IN_STOCK', price_updated_at: new Date(Date.now() - 2 * HOUR - 60_000).toISOString() }).where('id', '=', gpu!.id).execute();
    await db.updateTable('components').set({ price_updated_at: null }).where('build_id', '=', build.id).where('type', '=', 'Case').execute();

    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    expect(await page.getByTestId('component-table').locator('thead th').allTextContents()).toEqual(['N.', 'Tipo', 'Nome', 'Prezzo (€)', 'Disponibilità', 'Prezzo aggiornato', 'Azioni']);
    expect(await rows(page).count()).toBe(3);
    expect(await page.getByTestId('component-card').count()).toBe(0);
    expect(await row(page, 1).getByRole('rowheader').textContent()).toBe('Componente 1');
    expect(await row(page, 1).getByLabel('Tipo, Componente 1').inputValue()).toBe('CPU');
    expect(await row(page, 1).getByLabel('Nome, Componente 1').inputValue()).toBe('AMD Ryzen 5 7600');
    expect(await row(page, 1).getByLabel('Prezzo (€), Componente 1').inputValue()).toBe('199.9');
    expect(await rows(page).getByTestId('component-availability').allTextContents()).toEqual(['Non disponibile', 'Disponibile', 'Non verificata']);
    expect(await rows(page).getByTestId('component-freshness').allTextContents()).toEqual(['aggiornato 3 giorni fa', 'aggiornato 2 ore fa', 'mai aggiornato']);
    // Older than 24 hours: shown as a warning, with the exact date on hover.
    expect(await row(page, 1).getByTestId('component-freshness').getAttribute('class')).toContain('amber');
    expect(await row(page, 2).getByTestId('component-freshness').getAttribute('class')).not.toContain('amber');
    expect(await row(page, 1).getByTestId('component-freshness').getAttribute('title')).toMatch(/^Prezzo aggiornato il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);

    // A price typed by the author is not the retailer's: its date no longer applies until saved.
    await row(page, 2).getByLabel('Prezzo (€), Componente 2').fill('430');
    expect(await row(page, 2).getByTestId('component-freshness').textContent()).toBe('modificato, da salvare');

    // The retailer's answer: the processor is back in stock, at a new price, checked just now.
    await page.getByRole('button', { name: 'Aggiorna Prezzi' }).click();
    await expect.poll(() => page.getByTestId('components-notice').locator('p').first().textContent(), { timeout: 15_000 }).toBe('Aggiornamento prezzi completato!');
    expect(await row(page, 1).getByTestId('component-availability').textContent()).toBe('Disponibile');
    expect(await row(page, 1).getByTestId('component-freshness').textContent()).toBe('aggiornato adesso');
    expect(await row(page, 1).getByLabel('Prezzo (€), Componente 1').inputValue()).toBe('189.5');
    expect(await row(page, 2).getByLabel('Prezzo (€), Componente 2').inputValue()).toBe('430');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it.each([
    { width: 1024, typical: 'AMD Ryzen 5 5600X', share: 0.2 },
    { width: 1280, typical: 'AMD Ryzen 5 5600X 6 core, 12 thread', share: 0.4 },
    { width: 1440, typical: 'AMD Ryzen 5 5600X 6 core', share: 0.25 },
  ])("the name has the row's width at $width px: a typical name shows whole, a longer one on hover", async ({ width, typical, share }) => {
    const long = 'Corsair RM750e (2023) alimentatore modulare completamente 750 W 80 Plus Gold, ATX 3.0 e PCIe 5.0';
    const build = await createBuild('Tabella con nomi lunghi', [
      { type: 'Motherboard', name: typical, price: 139.9 },
      { type: 'PSU', name: long, price: 99 },
    ]);
    opened = await newPage(e2e.browser, { viewport: { width, height: 900 } });
    await openAdmin(opened.page, e2e.url, `/admin/builds/edit/${build.id}`, token);
    const page = opened.page;
    await page.getByTestId('component-table').waitFor();
    const measure = (n: number) =>
      row(page, n).evaluate((tr) => {
        const name = tr.querySelector<HTMLInputElement>('input[aria-label^="Nome"]')!;
        const type = tr.querySelector<HTMLSelectElement>('select')!;
        return { row: tr.getBoundingClientRect().width, name: name.getBoundingClientRect().width, type: type.getBoundingClientRect().width, scroll: name.scrollWidth, client: name.clientWidth, title: name.title };
      });
    const first = await measure(1);
    // The name is the row's widest field, and a typical name is not cut.
    expect(first.name).toBeGreaterThan(first.type);
    expect(first.name / first.row).toBeGreaterThan(share);
    expect(first.scroll).toBeLessThanOrEqual(first.client);
    // A name longer than the field: all of it in the tooltip, which follows what is typed.
    const second = await measure(2);
    expect(second.scroll).toBeGreaterThan(second.client);
    expect(second.title).toBe(long);
    await row(page, 2).getByLabel('Nome, Componente 2').fill('Corsair RM850x');
    expect(await row(page, 2).getByLabel('Nome, Componente 2').getAttribute('title')).toBe('Corsair RM850x');
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });

  it('inline edit of type, name and price is saved, without opening a card', async () => {
    const build = await createBuild('Tabella modificata in riga');
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    await row(page, 2).getByLabel('Tipo, Componente 2').selectOption('Other');
    await row(page, 2).getByLabel('Nome, Componente 2').fill('Scheda video usata');
    await row(page, 2).getByLabel('Prezzo (€), Componente 2').fill('299.5');
    expect(await page.getByTestId('components-total').textContent()).toBe(`Totale: ${formatPrice(199.9 + 299.5 + 89.9)}`);
    await saveAndWait(page);
    expect(await page.getByTestId('component-card').count()).toBe(0);
    const saved = await getBuild(build.id);
    expect(saved.components.map((c) => [c.id, c.type, c.name, c.price])).toEqual([
      [build.components[0]!.id, 'CPU', 'AMD Ryzen 5 7600', 199.9],
      [build.components[1]!.id, 'Other', 'Scheda video usata', 299.5],
      [build.components[2]!.id, 'Case', 'Fractal Pop Air', 89.9],
    ]);
    // An inline error sits by its field, and the save puts the focus there.
    await row(page, 3).getByLabel('Nome, Componente 3').fill(' ');
    await page.getByTestId('save-button').click();
    await expect.poll(() => row(page, 3).getByTestId('error-components.2.name').textContent()).toBe('Il nome del componente è obbligatorio');
    expect(await focused(page)).toEqual({ label: 'Nome, Componente 3', value: ' ' });
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('one card open at a time: Dettagli opens the full card in place of the row, another closes it, focus follows', async () => {
    const build = await createBuild('Tabella con una scheda aperta');
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const details = (n: number) => row(page, n).getByRole('button', { name: `Dettagli di Componente ${n}` });
    expect(await details(1).getAttribute('aria-expanded')).toBe('false');

    await details(1).click();
    const card = page.getByTestId('component-card');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    expect(await row(page, 1).getByRole('heading').textContent()).toBe('Componente 1');
    expect(await row(page, 1).getByLabel('Marca', { exact: true }).isVisible()).toBe(true);
    expect(await row(page, 1).getByTestId('alternatives-panel').count()).toBe(1);
    const close = row(page, 1).getByRole('button', { name: 'Chiudi i dettagli di Componente 1' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toMatchObject({ label: 'Chiudi i dettagli di Componente 1' });
    // The open component is edited in its card only: one input per field on the page.
    expect(await page.getByLabel('Nome, Componente 1', { exact: true }).count()).toBe(0);

    await details(2).click();
    await row(page, 2).getByTestId('component-card').waitFor();
    expect(await card.count()).toBe(1);
    expect(await row(page, 1).getByLabel('Nome, Componente 1', { exact: true }).inputValue()).toBe('AMD Ryzen 5 7600');

    await row(page, 2).getByRole('button', { name: 'Chiudi i dettagli di Componente 2' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ label: 'Dettagli di Componente 2' });

    // A component added opens as a card, its first field focused, the others closed.
    await details(3).click();
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    await row(page, 4).getByTestId('component-card').waitFor();
    expect(await card.count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('build-components-3-type');

    // Eight components: the table stays short, a row each (the page was over 6,000 px with every card open).
    // The table itself is measured: the editor's other cards (figures, deals switch) are not this test's subject.
    for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    await row(page, 8).getByRole('button', { name: 'Chiudi i dettagli di Componente 8' }).click();
    expect(await rows(page).count()).toBe(8);
    const tableHeight = (await page.getByTestId('component-table').boundingBox())!.height;
    expect(tableHeight).toBeLessThan(8 * 120);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('keyboard reorder: the move buttons and Alt+arrows keep the focus on the moved row and announce it; saved in that order', async () => {
    const build = await createBuild('Tabella riordinata da tastiera');
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const status = page.getByTestId('component-move-status');

    const down = row(page, 1).getByRole('button', { name: 'Sposta giù Componente 1' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inlineNames(page)).toEqual(['NVIDIA RTX 5060 Ti', 'AMD Ryzen 5 7600', 'Fractal Pop Air']);
    // The same button, now in row 2, still has the focus: Enter again moves the same component on.
    expect(await focused(page)).toMatchObject({ label: 'Sposta giù Componente 2' });
    expect(await status.textContent()).toBe('AMD Ryzen 5 7600 (Componente 1) spostato in posizione 2 di 3.');
    await page.keyboard.press('Enter');
    await expect.poll(() => inlineNames(page)).toEqual(['NVIDIA RTX 5060 Ti', 'Fractal Pop Air', 'AMD Ryzen 5 7600']);
    expect(await focused(page)).toMatchObject({ label: 'Sposta giù Componente 3' });
    // At the bottom it stays focusable and does nothing.
    expect(await row(page, 3).getByRole('button', { name: 'Sposta giù Componente 3' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await inlineNames(page)).toEqual(['NVIDIA RTX 5060 Ti', 'Fractal Pop Air', 'AMD Ryzen 5 7600']);

    // Alt+↑ from the name field: the row goes up, the caret stays in the same field.
    await row(page, 3).getByLabel('Nome, Componente 3').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => inlineNames(page)).toEqual(['NVIDIA RTX 5060 Ti', 'AMD Ryzen 5 7600', 'Fractal Pop Air']);
    expect(await focused(page)).toEqual({ label: 'Nome, Componente 2', value: 'AMD Ryzen 5 7600' });
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => inlineNames(page)).toEqual(['AMD Ryzen 5 7600', 'NVIDIA RTX 5060 Ti', 'Fractal Pop Air']);
    expect(await focused(page)).toEqual({ label: 'Nome, Componente 1', value: 'AMD Ryzen 5 7600' });

    // In an open card too.
    await row(page, 3).getByRole('button', { name: 'Dettagli di Componente 3' }).click();
    await row(page, 3).getByLabel('Marca', { exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => row(page, 2).getByRole('heading').textContent()).toBe('Componente 2');
    expect(await row(page, 2).getByLabel('Nome', { exact: true }).inputValue()).toBe('Fractal Pop Air');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('build-components-1-brand');

    await saveAndWait(page);
    expect(await namesInOrder(build.id)).toEqual([
      ['AMD Ryzen 5 7600', 0],
      ['Fractal Pop Air', 1],
      ['NVIDIA RTX 5060 Ti', 2],
    ]);
    // The rows kept their ids: nothing deleted and re-created.
    expect((await getBuild(build.id)).components.map((c) => c.id).sort()).toEqual(build.components.map((c) => c.id).sort());
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('drag and drop on the grip: the row lands before or after the one it is dropped on; saved in that order', async () => {
    const build = await createBuild('Tabella riordinata trascinando');
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const grip = (n: number) => row(page, n).getByTestId('drag-handle');

    // The case onto the top half of the first row: it becomes the first.
    await grip(3).dragTo(row(page, 1), { targetPosition: { x: 200, y: 4 } });
    await expect.poll(() => inlineNames(page)).toEqual(['Fractal Pop Air', 'AMD Ryzen 5 7600', 'NVIDIA RTX 5060 Ti']);
    expect(await page.getByTestId('component-move-status').textContent()).toBe('Fractal Pop Air (Componente 3) spostato in posizione 1 di 3.');
    // The first onto the bottom half of the last: it becomes the last.
    const last = (await row(page, 3).boundingBox())!;
    await grip(1).dragTo(row(page, 3), { targetPosition: { x: 200, y: last.height - 4 } });
    await expect.poll(() => inlineNames(page)).toEqual(['AMD Ryzen 5 7600', 'NVIDIA RTX 5060 Ti', 'Fractal Pop Air']);

    await grip(2).dragTo(row(page, 1), { targetPosition: { x: 200, y: 4 } });
    await expect.poll(() => inlineNames(page)).toEqual(['NVIDIA RTX 5060 Ti', 'AMD Ryzen 5 7600', 'Fractal Pop Air']);
    await saveAndWait(page);
    expect(await namesInOrder(build.id)).toEqual([
      ['NVIDIA RTX 5060 Ti', 0],
      ['AMD Ryzen 5 7600', 1],
      ['Fractal Pop Air', 2],
    ]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('markdown preview', () => {
  /** The chunk holding markdown-it, found by its contents in the production build. */
  function markdownChunk(): string {
    const dir = 'build/client/assets';
    const chunks = readdirSync(dir).filter((name) => name.endsWith('.js') && readFileSync(join(dir, name), 'utf8').includes('Parser rule not found'));
    expect(chunks).toHaveLength(1);
    return `/assets/${chunks[0]}`;
  }

  it('markdown-it is not requested until the preview tab opens, then once', async () => {
    const chunk = markdownChunk();
    expect(chunk).not.toMatch(/build-editor/);
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    const page = opened.page;
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/')) scripts.push(path);
    });
    await openAdmin(page, e2e.url, '/admin/builds/new', token);
    await page.getByTestId('build-editor').waitFor();
    await page.getByLabel('Contenuto (Markdown)', { exact: true }).fill('# Titolo\n\nTesto **forte**.');
    expect(scripts.some((path) => path.includes('build-editor'))).toBe(true);
    expect(scripts).not.toContain(chunk);
    expect(await page.locator(`link[href="${chunk}"]`).count()).toBe(0);

    await page.getByRole('tab', { name: 'Anteprima' }).click();
    await expect.poll(() => page.getByTestId('markdown-preview').locator('h1').textContent()).toBe('Titolo');
    expect(scripts.filter((path) => path === chunk)).toHaveLength(1);
    await page.getByRole('tab', { name: 'Scrivi' }).click();
    await page.getByLabel('Contenuto (Markdown)', { exact: true }).fill('## Secondo');
    await page.getByRole('tab', { name: 'Anteprima' }).click();
    await expect.poll(() => page.getByTestId('markdown-preview').locator('h2').textContent()).toBe('Secondo');
    expect(scripts.filter((path) => path === chunk)).toHaveLength(1);
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });

  it('its chunk failing to load: the preview says so and loads it on "Riprova"', async () => {
    const chunk = markdownChunk();
    const page = await openEditor('/admin/builds/new');
    await page.route(`**${chunk}`, (route) => route.abort('connectionrefused'), { times: 1 });
    await page.getByLabel('Contenuto (Markdown)', { exact: true }).fill('# Titolo');
    await page.getByRole('tab', { name: 'Anteprima' }).click();
    const error = page.getByTestId('markdown-preview-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    await error.getByRole('button', { name: 'Riprova' }).click();
    await expect.poll(() => page.getByTestId('markdown-preview').locator('h1').textContent()).toBe('Titolo');
    expect(unexpectedErrors(opened!.errors).filter((line) => !line.includes('ERR_CONNECTION_REFUSED') && !line.includes('dynamically imported module'))).toEqual([]);
  });
});

/**
 * A slow answer never reaches a screen the author has left: the build's answer held 1.5 s, then another
 * screen asked for at once. The page polls on every animation frame whether anything of the slow build ever
 * reached the screen.
 */
describe('a slow answer followed by a quick navigation never shows the old screen’s data', () => {
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Holds every answer about `build` 1.5 s; returns how many requests were held. */
  async function slowBuild(page: Page, build: BuildAdmin): Promise<() => number> {
    let held = 0;
    await page.route(`**/api/admin/builds/${build.id}`, async (route) => {
      held += 1;
      await delay(1500);
      // The router has usually dropped the request by then: nothing left to answer.
      await route.continue().catch(() => undefined);
    });
    return () => held;
  }

  /** Records, from now on, whether the slow build's title ever shows in the editor. */
  async function watchFor(page: Page, title: string) {
    await page.evaluate((unwanted) => {
      const w = window as unknown as { seenOld: boolean };
      w.seenOld = false;
      const check = () => {
        const input = document.getElementById('build-title');
        if (input instanceof HTMLInputElement && input.value === unwanted) w.seenOld = true;
        requestAnimationFrame(check);
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, attributes: true });
      requestAnimationFrame(check);
    }, title);
  }
  const seenOld = (page: Page) => page.evaluate(() => (window as unknown as { seenOld: boolean }).seenOld);

  it('editor of build 1 (slow) -> at once the editor of build 2: only build 2 shows', async () => {
    const slow = await createBuild('Build lenta da non mostrare');
    const quick = await createBuild('Build veloce da mostrare', [{ type: 'CPU', name: 'Processore della build veloce' }]);
    const page = await openEditor(`/admin/builds/edit/${quick.id}`);
    // History: the quick build's editor, then the list; from the list the slow build is opened, and Back
    // (to the quick build's editor) is pressed before its answer.
    await page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Build', exact: true }).click();
    await page.getByTestId('builds-table').waitFor();
    const held = await slowBuild(page, slow);
    await watchFor(page, slow.title);
    await page.getByRole('link', { name: `Modifica "${slow.title}"` }).click();
    await expect.poll(held).toBe(1);
    await page.evaluate(() => history.back());

    await expect.poll(() => page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(quick.title);
    expect(new URL(page.url()).pathname).toBe(`/admin/builds/edit/${quick.id}`);
    await delay(2000);
    expect(await seenOld(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe(`/admin/builds/edit/${quick.id}`);
    expect(await page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(quick.title);
    expect(await inlineNames(page)).toEqual(['Processore della build veloce']);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('editor (slow) -> at once the dashboard: the dashboard stays, the editor never appears', async () => {
    const slow = await createBuild('Altra build lenta');
    const page = await openEditor(`/admin/builds/edit/${(await createBuild('Build di partenza')).id}`);
    await page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Build', exact: true }).click();
    await page.getByTestId('builds-table').waitFor();
    const held = await slowBuild(page, slow);
    await watchFor(page, slow.title);
    await page.evaluate(() => {
      const w = window as unknown as { editorSeen: boolean };
      w.editorSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="build-editor"]')) w.editorSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: `Modifica "${slow.title}"` }).click();
    await expect.poll(held).toBe(1);
    await page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Dashboard', exact: true }).click();

    await page.getByTestId('recent-builds').waitFor();
    await delay(2000);
    expect(await seenOld(page)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { editorSeen: boolean }).editorSeen)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByTestId('recent-builds').isVisible()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

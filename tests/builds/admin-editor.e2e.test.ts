/**
 * The build editor, /admin/builds/new and /admin/builds/edit/{id} (product spec: "Build editor", "Entities
 * and their fields", "States and transitions", "Validation rules", "Error catalogue", "Business constants and
 * limits"): validation, create and edit through the real API, SEO counters, markdown preview, image upload,
 * the Amazon cart import, smart replacement and price update against the fake Creators API, errors provoked
 * for real, the unsaved-changes warning, axe in both admin themes and the phone layout.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { type FakeCreatorsApi, type FakeItem, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiJson, apiLogin, openAdmin, seriousAxeViolations, storeAdminTheme, unexpectedErrors } from '../e2e/admin-helpers';

const MESSAGES = {
  titleRequired: 'Il titolo è obbligatorio',
  empty: 'Nessun componente aggiunto. Clicca "Aggiungi Componente" per iniziare.',
  created: 'Build creata con successo!',
  updated: 'Build aggiornata con successo!',
  loadFailed: 'Errore nel caricamento della build',
  uploadFailed: "Errore nel caricamento dell'immagine",
  unsaved: 'Hai modifiche non salvate. Vuoi davvero uscire?',
  smartNeedsSave: 'Devi salvare la build prima di applicare la sostituzione intelligente',
  pricesNeedSave: 'Devi salvare la build prima di aggiornare i prezzi',
  smartDone: 'Sostituzione intelligente completata!',
  pricesDone: 'Aggiornamento prezzi completato!',
  emptyCart: 'Inserisci un URL del carrello Amazon',
} as const;

const CART = 'https://www.amazon.it/gp/aws/cart/add.html';
const CATALOGUE: FakeItem[] = [
  { asin: 'B0CPU00001', title: 'AMD Ryzen 7 7800X3D Processore, 8 core', brand: 'AMD', price: 359.9, availability: 'IN_STOCK' },
  { asin: 'B0GPU00002', title: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica', brand: 'MSI', price: 619, availability: 'IN_STOCK' },
  { asin: 'B0RAM00003', title: 'Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30', brand: 'Kingston', price: 109.99, availability: 'IN_STOCK' },
];


let fake: FakeCreatorsApi;
let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: CATALOGUE });
  e2e = await startE2E(retailerEnv(fake));
  token = await apiLogin(e2e.url);
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});
beforeEach(() => {
  for (const item of CATALOGUE) fake.setItem(item);
});

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openEditor(path: string, options: BrowserContextOptions = {}, context: E2EContext = e2e, readyTestId = 'build-editor'): Promise<Page> {
  opened = await newPage(context.browser, { viewport: VIEWPORTS[1].viewport, ...options });
  await openAdmin(opened.page, context.url, path);
  await opened.page.getByTestId(readyTestId).waitFor();
  return opened.page;
}

const createBuild = (body: Record<string, unknown>, context: E2EContext = e2e, session = token) => apiCreateBuild(context.url, session, body);
const getBuild = (id: number) => apiGetBuild(e2e.url, token, id);

/** Requests the page sends to the builds API (method and JSON body). */
interface SentBody {
  cartUrl?: string;
  budget?: number | null;
  components?: { id?: number; price: number | null; position: number }[];
}

function recordBuildRequests(page: Page): { method: string; path: string; body: SentBody }[] {
  const seen: { method: string; path: string; body: SentBody }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/admin\/(builds(\/\d+)?|import-amazon)$/.test(path) && request.method() !== 'GET') seen.push({ method: request.method(), path, body: request.postDataJSON() });
  });
  return seen;
}

/**
 * Holds the page's next request to `url` until the returned function is called: a slow answer however fast
 * the machine, where a fixed delay could run out before a loaded machine has even seen the busy state.
 */
async function holdRequest(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** The component table's rows: a row per component, the open one holding its full card. */
const rows = (page: Page) => page.getByTestId('component-row');
const component = (page: Page, n: number) => rows(page).nth(n - 1);
/** Opens the card of component n (one card is open at a time) and returns it. */
async function openCard(page: Page, n: number) {
  const row = component(page, n);
  if ((await row.getAttribute('data-open')) === null) await row.getByRole('button', { name: `Dettagli di Componente ${n}` }).click();
  const card = row.getByTestId('component-card');
  await card.waitFor();
  return card;
}
const cardField = async (page: Page, n: number, label: string) => (await openCard(page, n)).getByLabel(label, { exact: true });
const saveButton = (page: Page) => page.getByTestId('save-button');
const saveNotice = (page: Page) => page.getByTestId('save-notice');
const componentsNotice = (page: Page) => page.getByTestId('components-notice');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function addComponent(page: Page, values: { type?: string; name?: string; brand?: string; model?: string; price?: string; link?: string; specs?: string }) {
  await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
  const n = await rows(page).count();
  if (values.type) await (await cardField(page, n, 'Tipo')).selectOption(values.type);
  if (values.name !== undefined) await (await cardField(page, n, 'Nome')).fill(values.name);
  if (values.brand) await (await cardField(page, n, 'Marca')).fill(values.brand);
  if (values.model) await (await cardField(page, n, 'Modello')).fill(values.model);
  if (values.price) await (await cardField(page, n, 'Prezzo (€)')).fill(values.price);
  if (values.link !== undefined) await (await cardField(page, n, 'Link Amazon')).fill(values.link);
  if (values.specs) await (await cardField(page, n, 'Specifiche')).fill(values.specs);
  return n;
}

describe('new build', () => {
  it('empty title: "Il titolo è obbligatorio" next to the field, focus on it, nothing sent; then component checks', async () => {
    const page = await openEditor('/admin/builds/new');
    const sent = recordBuildRequests(page);
    expect(await page.title()).toBe('Nuova Build | Build PC CMS');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nuova Build');
    expect(await page.getByTestId('components-empty').textContent()).toBe(MESSAGES.empty);
    expect(await saveButton(page).filter({ hasText: 'Crea Build' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Annulla' }).getAttribute('href')).toBe('/admin/builds');
    // Defaults: draft, and the smart replacement needs components.
    expect(await field(page, 'Stato').inputValue()).toBe('draft');
    expect(await page.getByRole('button', { name: 'Sostituzione Intelligente' }).isDisabled()).toBe(true);

    await saveButton(page).click();
    const titleError = page.getByTestId('error-title');
    await titleError.waitFor();
    expect(await titleError.textContent()).toBe(MESSAGES.titleRequired);
    expect(await field(page, 'Titolo').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'Titolo').getAttribute('aria-describedby')).toContain('build-title-error');
    expect(await focusedId(page)).toBe('build-title');

    // Title fixed; a component without name, with a link that is not a URL and no type.
    await field(page, 'Titolo').fill('Build di prova');
    expect(await titleError.count()).toBe(0);
    const n = await addComponent(page, { link: 'non-un-link' });
    expect(await (await cardField(page, n, 'Tipo')).inputValue()).toBe('CPU');
    await (await cardField(page, n, 'Tipo')).selectOption('Other');
    await saveButton(page).click();
    await component(page, 1).getByTestId('error-components.0.name').waitFor();
    expect(await component(page, 1).getByTestId('error-components.0.name').textContent()).toBe('Il nome del componente è obbligatorio');
    expect(await component(page, 1).getByTestId('error-components.0.amazon_link').textContent()).toBe('Il link deve essere un URL valido (https://...)');
    expect(await focusedId(page)).toBe('build-components-0-name');
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/admin/builds/new');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('create with two components (ASIN from the link as typed) -> edit URL, same data in the API; edit keeps component ids', async () => {
    const page = await openEditor('/admin/builds/new');
    const sent = recordBuildRequests(page);
    await field(page, 'Titolo').fill('PC Ufficio Silenzioso');
    await field(page, 'Descrizione').fill('Una build per lavorare in silenzio.');
    await field(page, 'Contenuto (Markdown)').fill('## Perché\n\nPerché è **silenzioso**.');
    await field(page, 'Budget (€)').fill('749.90');
    await field(page, 'Categoria').selectOption({ label: 'Ufficio' });
    await field(page, 'Stato').selectOption({ label: 'Pubblicato' });
    await field(page, 'Meta title').fill('PC Ufficio Silenzioso: la build');
    await field(page, 'Meta description').fill('Configurazione silenziosa per ufficio.');
    await field(page, 'Tag affiliato').fill('ufficio-21');
    expect(await field(page, 'Categoria').locator('option').allTextContents()).toEqual(['Nessuna categoria', 'Gaming', 'Editing', 'Ufficio', 'Workstation', 'Budget', 'Premium']);
    expect(await field(page, 'Stato').locator('option').allTextContents()).toEqual(['Bozza', 'Pubblicato', 'Programmata']);

    await addComponent(page, { type: 'CPU', name: 'Intel Core i5-14400', brand: 'Intel', model: 'i5-14400', price: '189.99', specs: '10 core' });
    expect(await (await cardField(page, 1, 'Tipo')).locator('option').allTextContents()).toEqual(['CPU', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Cooler', 'Case', 'Other']);
    // The ASIN appears as the link is typed, once the link holds a whole one.
    const link1 = await cardField(page, 1, 'Link Amazon');
    await link1.pressSequentially('https://www.amazon.it/dp/B0TESTCPU');
    expect(await (await cardField(page, 1, 'ASIN')).inputValue()).toBe('');
    await link1.pressSequentially('1');
    expect(await (await cardField(page, 1, 'ASIN')).inputValue()).toBe('B0TESTCPU1');
    await addComponent(page, { type: 'Case', name: 'Fractal Define 7', price: '149' });
    await (await cardField(page, 2, 'Link Amazon')).pressSequentially('https://www.amazon.it/gp/product/b0testcas2?th=1');
    expect(await (await cardField(page, 2, 'ASIN')).inputValue()).toBe('B0TESTCAS2');
    expect(await (await openCard(page, 2)).getByRole('heading').textContent()).toBe('Componente 2');

    const historyLength = await page.evaluate(() => history.length);
    await saveButton(page).click();
    await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(MESSAGES.created);
    expect(await saveNotice(page).getAttribute('role')).toBe('status');
    expect(await saveButton(page).filter({ hasText: 'Aggiorna Build' }).isVisible()).toBe(true);
    // The router changes the URL first and renders the edit route after it (a transition): wait for that render.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Modifica Build');
    // The new-build URL is replaced, not kept in the history.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/builds' });
    expect(sent[0]!.body.budget).toBe(749.9);
    expect(sent[0]!.body.components!.map((c) => [c.id, c.price, c.position])).toEqual([
      [undefined, 189.99, 0],
      [undefined, 149, 1],
    ]);

    const build = await getBuild(id);
    expect(build).toMatchObject({
      title: 'PC Ufficio Silenzioso',
      description: 'Una build per lavorare in silenzio.',
      content: '## Perché\n\nPerché è **silenzioso**.',
      budget: 749.9,
      category: 'office',
      status: 'published',
      meta_title: 'PC Ufficio Silenzioso: la build',
      meta_description: 'Configurazione silenziosa per ufficio.',
      affiliate_tag: 'ufficio-21',
      featured_image: null,
    });
    expect(build.components.map(({ type, name, brand, model, specs, price, amazon_link, asin, position }) => ({ type, name, brand, model, specs, price, amazon_link, asin, position }))).toEqual([
      { type: 'CPU', name: 'Intel Core i5-14400', brand: 'Intel', model: 'i5-14400', specs: '10 core', price: 189.99, amazon_link: 'https://www.amazon.it/dp/B0TESTCPU1', asin: 'B0TESTCPU1', position: 0 },
      { type: 'Case', name: 'Fractal Define 7', brand: null, model: null, specs: null, price: 149, amazon_link: 'https://www.amazon.it/gp/product/b0testcas2?th=1', asin: 'B0TESTCAS2', position: 1 },
    ]);

    // Edit: the ids go back to the server, which keeps the rows.
    const ids = build.components.map((c) => c.id);
    await (await cardField(page, 2, 'Nome')).fill('Fractal Define 7 Compact');
    await saveButton(page).click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(MESSAGES.updated);
    expect(sent[1]).toMatchObject({ method: 'PUT', path: `/api/admin/builds/${id}` });
    expect(sent[1]!.body.components!.map((c) => c.id)).toEqual(ids);
    const edited = await getBuild(id);
    expect(edited.components.map((c) => [c.id, c.name])).toEqual([
      [ids[0], 'Intel Core i5-14400'],
      [ids[1], 'Fractal Define 7 Compact'],
    ]);

    // Reload: the editor shows what the server holds.
    await page.reload();
    await page.getByTestId('build-editor').waitFor();
    expect(await field(page, 'Titolo').inputValue()).toBe('PC Ufficio Silenzioso');
    expect(await field(page, 'Budget (€)').inputValue()).toBe('749.9');
    expect(await field(page, 'Categoria').inputValue()).toBe('office');
    expect(await (await cardField(page, 2, 'Nome')).inputValue()).toBe('Fractal Define 7 Compact');
    // The links typed name products the fake Creators API does not know: looked up when the field was left, 404.
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });

  it('SEO card: live counts, optimal-length hints and the fallbacks', async () => {
    const page = await openEditor('/admin/builds/new');
    const seo = page.getByTestId('seo-card');
    expect(await seo.textContent()).toContain('Ottimale: 50-60 caratteri');
    expect(await seo.textContent()).toContain('Ottimale: 150-160 caratteri');
    expect(await seo.textContent()).toContain('Se vuoto si usa il titolo della build.');
    expect(await seo.textContent()).toContain('Se vuota si usa la descrizione della build.');
    expect(await page.getByTestId('meta_title-count').textContent()).toBe('0 caratteri');
    await field(page, 'Titolo').fill('Il titolo della build');
    expect(await field(page, 'Meta title').getAttribute('placeholder')).toBe('Il titolo della build');
    await field(page, 'Meta title').fill('x'.repeat(55));
    expect(await page.getByTestId('meta_title-count').textContent()).toBe('55 caratteri');
    await field(page, 'Meta description').pressSequentially('abc');
    expect(await page.getByTestId('meta_description-count').textContent()).toBe('3 caratteri');
    // Hints are the fields' descriptions.
    expect(await field(page, 'Meta title').getAttribute('aria-describedby')).toBe('build-meta_title-hint');
    const affiliate = page.getByTestId('affiliate-card');
    expect(await affiliate.getByRole('heading').textContent()).toBe('Amazon Affiliate');
    expect(await affiliate.textContent()).toContain('Se vuoto si usa il tag predefinito del sito.');
  });

  it('markdown preview: headings, bold, links in a new tab; a <script> stays text', async () => {
    const page = await openEditor('/admin/builds/new');
    await field(page, 'Contenuto (Markdown)').fill('# Grande\n\n### Piccolo\n\nTesto **forte** e [un link](https://example.com/guida).\n\n<script>window.__iniettato = 1</script>');
    await page.getByRole('tab', { name: 'Anteprima' }).click();
    expect(await page.getByRole('tab', { name: 'Anteprima' }).getAttribute('aria-selected')).toBe('true');
    const preview = page.getByTestId('markdown-preview');
    expect(await preview.locator('h1').textContent()).toBe('Grande');
    expect(await preview.locator('h3').textContent()).toBe('Piccolo');
    expect(await preview.locator('strong').textContent()).toBe('forte');
    const link = preview.getByRole('link', { name: 'un link' });
    expect(await link.getAttribute('href')).toBe('https://example.com/guida');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.textContent()).toContain('<script>window.__iniettato = 1</script>');
    expect(await page.evaluate(() => (window as unknown as { __iniettato?: number }).__iniettato)).toBeUndefined();
    // The public page's article styles.
    expect(await preview.locator('.article').count()).toBe(1);
    // Keyboard: arrows move between the tabs.
    await page.getByRole('tab', { name: 'Anteprima' }).press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Scrivi' }).getAttribute('aria-selected')).toBe('true');
    expect(await field(page, 'Contenuto (Markdown)').isVisible()).toBe(true);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('image upload: a PNG becomes an /uploads/ URL with a preview; a non-image shows the error', async () => {
    const page = await openEditor('/admin/builds/new');
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    await field(page, 'Carica immagine').setInputFiles({ name: 'copertina.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => field(page, 'URL immagine').inputValue()).toMatch(/^\/uploads\/[^/]+$/);
    const url = await field(page, 'URL immagine').inputValue();
    const image = page.getByTestId('featured-image-preview').getByRole('img');
    expect(await image.getAttribute('src')).toBe(url);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Genera Copertina' }).isVisible()).toBe(true);

    await field(page, 'Carica immagine').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('non sono un\'immagine') });
    const error = page.getByTestId('upload-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.locator('p').first().textContent()).toBe(MESSAGES.uploadFailed);
    // The previous image stays.
    expect(await field(page, 'URL immagine').inputValue()).toBe(url);

    // Saved with the build.
    await field(page, 'Titolo').fill('Build con immagine');
    await saveButton(page).click();
    await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await getBuild(id)).featured_image).toBe(url);
    expect(unexpectedErrors(opened!.errors, [415])).toEqual([]);
  });
});

describe('import from an Amazon cart', () => {
  it('dialog: instructions, empty URL, server message, Escape; import appends components and sets the tag only when empty', async () => {
    const page = await openEditor('/admin/builds/new');
    const sent = recordBuildRequests(page);
    await addComponent(page, { name: 'Componente scritto a mano', price: '10' });
    const opener = page.getByRole('button', { name: 'Importa da Amazon' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Importa da Amazon' });
    await dialog.waitFor();
    expect(await focusedId(page)).toBe('build-cartUrl');
    const text = await dialog.textContent();
    expect(text).toContain('ASIN.1=');
    expect(text).toContain('ASIN.2=');
    expect(text).toContain('https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=B0...&Quantity.1=1&ASIN.2=');

    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    expect(await dialog.getByTestId('error-cartUrl').textContent()).toBe(MESSAGES.emptyCart);
    expect(sent).toEqual([]);

    // The server's own check: not an Amazon URL.
    await dialog.getByLabel('URL del carrello Amazon').fill('https://example.com/carrello?ASIN.1=B0CPU00001');
    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    await expect.poll(() => dialog.getByTestId('error-cartUrl').textContent()).toBe('Sono accettati solo URL di Amazon (ad esempio https://www.amazon.it/...)');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    // A slow answer: the button says so and is busy (the answer is held until that has been seen).
    const releaseAnswer = await holdRequest(page, '**/api/admin/import-amazon');
    await opener.click();
    await dialog.getByLabel('URL del carrello Amazon').fill(`${CART}?ASIN.1=B0CPU00001&Quantity.1=1&ASIN.2=B0GPU00002&Quantity.2=1&AssociateTag=carrello-21`);
    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    const busy = dialog.getByRole('button', { name: 'Importazione in corso...' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    releaseAnswer();
    await expect.poll(() => componentsNotice(page).locator('p').first().textContent()).toBe('Importati 2 componenti con successo!');
    expect(await dialog.isVisible()).toBe(false);
    expect(await componentsNotice(page).textContent()).toContain('Tag affiliato impostato: carrello-21');
    expect(await field(page, 'Tag affiliato').inputValue()).toBe('carrello-21');
    expect(await rows(page).count()).toBe(3);
    expect(await (await openCard(page, 2)).getByRole('heading').textContent()).toBe('Componente 2');
    expect(await (await openCard(page, 3)).getByRole('heading').textContent()).toBe('Componente 3');
    expect(await (await cardField(page, 2, 'Nome')).inputValue()).toBe(CATALOGUE[0]!.title);
    expect(await (await cardField(page, 2, 'Tipo')).inputValue()).toBe('CPU');
    expect(await (await cardField(page, 2, 'Prezzo (€)')).inputValue()).toBe('359.9');
    expect(await (await cardField(page, 2, 'ASIN')).inputValue()).toBe('B0CPU00001');
    expect(await (await cardField(page, 3, 'Nome')).inputValue()).toBe(CATALOGUE[1]!.title);
    expect(await (await cardField(page, 1, 'Nome')).inputValue()).toBe('Componente scritto a mano');

    // A second cart with another tag: appended after, the tag already set stays.
    await opener.click();
    await dialog.getByLabel('URL del carrello Amazon').fill(`${CART}?ASIN.1=B0RAM00003&Quantity.1=1&ASIN.2=B0ZZZZZZZZ&Quantity.2=1&AssociateTag=altro-21`);
    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    await expect.poll(() => componentsNotice(page).locator('p').first().textContent()).toBe('Importati 2 componenti con successo!');
    expect(await field(page, 'Tag affiliato').inputValue()).toBe('carrello-21');
    expect(await rows(page).count()).toBe(5);
    expect(await (await openCard(page, 5)).getByRole('heading').textContent()).toBe('Componente 5');
    // An item the retailer does not return: named after its ASIN, type 'Other'.
    expect(await (await cardField(page, 5, 'Nome')).inputValue()).toBe('Prodotto Amazon B0ZZZZZZZZ');
    expect(await (await cardField(page, 5, 'Tipo')).inputValue()).toBe('Other');

    expect(sent.map((request) => request.body.cartUrl)).toEqual([
      'https://example.com/carrello?ASIN.1=B0CPU00001',
      `${CART}?ASIN.1=B0CPU00001&Quantity.1=1&ASIN.2=B0GPU00002&Quantity.2=1&AssociateTag=carrello-21`,
      `${CART}?ASIN.1=B0RAM00003&Quantity.1=1&ASIN.2=B0ZZZZZZZZ&Quantity.2=1&AssociateTag=altro-21`,
    ]);

    // Saved: positions continue after the hand-made component.
    await field(page, 'Titolo').fill('Build importata');
    await saveButton(page).click();
    await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
    const build = await getBuild(Number(new URL(page.url()).pathname.split('/').pop()));
    expect(build.components.map((c) => [c.position, c.asin])).toEqual([
      [0, null],
      [1, 'B0CPU00001'],
      [2, 'B0GPU00002'],
      [3, 'B0RAM00003'],
      [4, 'B0ZZZZZZZZ'],
    ]);
    expect(unexpectedErrors(opened!.errors, [400])).toEqual([]);
  });
});

describe('smart replacement and price update', () => {
  it('on an unsaved build: the "Devi salvare..." notices, nothing sent', async () => {
    const page = await openEditor('/admin/builds/new');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/smart-replacement|update-prices/.test(request.url())) requests.push(request.url());
    });
    await addComponent(page, { name: 'CPU', link: 'https://www.amazon.it/dp/B0CPU00001' });
    await page.getByRole('button', { name: 'Sostituzione Intelligente' }).click();
    await expect.poll(() => componentsNotice(page).locator('p').textContent()).toBe(MESSAGES.smartNeedsSave);
    await page.getByRole('button', { name: 'Aggiorna Prezzi' }).click();
    await expect.poll(() => componentsNotice(page).locator('p').textContent()).toBe(MESSAGES.pricesNeedSave);
    expect(requests).toEqual([]);
  });

  it('an out-of-stock component is swapped for its in-stock alternative: counts, badge, form updated; a later save keeps it', async () => {
    fake.setItem({ asin: 'B0OLDCPU01', title: 'Vecchio processore', brand: 'AMD', price: 100, availability: 'OUT_OF_STOCK' });
    fake.setItem({ asin: 'B0NEWCPU01', title: 'Titolo Amazon del sostituto', brand: 'Intel', price: 105.5, availability: 'IN_STOCK' });
    const alternative = await apiJson(e2e.url, '/admin/alternatives', {
      method: 'POST',
      token,
      body: { originalAsin: 'B0OLDCPU01', alternativeAsin: 'B0NEWCPU01', alternativeName: 'Processore sostitutivo', alternativePrice: 105.5, priority: 1 },
    });
    expect(alternative.status).toBe(201);
    const build = await createBuild({
      title: 'Build da sostituire',
      affiliate_tag: 'sostituzioni-21',
      components: [
        { type: 'CPU', name: 'Vecchio processore', brand: 'AMD', price: 100, amazon_link: 'https://www.amazon.it/dp/B0OLDCPU01' },
        { type: 'GPU', name: 'Scheda video', price: 619, amazon_link: 'https://www.amazon.it/dp/B0GPU00002' },
      ],
    });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    expect(await page.title()).toBe('Modifica Build | Build PC CMS');
    expect(await page.getByTestId('replaced-badge').count()).toBe(0);

    // The answer is held until the busy state has been seen and the page used meanwhile.
    const releaseAnswer = await holdRequest(page, `**/api/admin/builds/${build.id}/smart-replacement`);
    await page.getByRole('button', { name: 'Sostituzione Intelligente' }).click();
    const busy = page.getByRole('button', { name: 'Sostituzione in corso...' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    expect(await busy.isDisabled()).toBe(true);
    // The page stays usable while it runs.
    await field(page, 'Descrizione').fill('Scritta durante la sostituzione');
    releaseAnswer();

    await expect.poll(() => componentsNotice(page).locator('p').first().textContent(), { timeout: 15_000 }).toBe(MESSAGES.smartDone);
    const lines = await componentsNotice(page).locator('li').allTextContents();
    expect(lines.slice(0, 4)).toEqual(['Disponibili: 1', 'Sostituiti: 1', 'Non disponibili: 0', 'Errori: 0']);
    expect(await component(page, 1).getByTestId('replaced-badge').textContent()).toBe('Sostituito intelligentemente');
    expect(await component(page, 2).getByTestId('replaced-badge').count()).toBe(0);
    expect(await (await cardField(page, 1, 'Nome')).inputValue()).toBe('Processore sostitutivo');
    expect(await (await cardField(page, 1, 'Link Amazon')).inputValue()).toBe('https://www.amazon.it/dp/B0NEWCPU01?tag=sostituzioni-21');
    expect(await (await cardField(page, 1, 'Prezzo (€)')).inputValue()).toBe('105.5');
    expect(await (await cardField(page, 1, 'ASIN')).inputValue()).toBe('B0NEWCPU01');
    expect(await field(page, 'Descrizione').inputValue()).toBe('Scritta durante la sostituzione');

    // Saving the author's edit does not undo the server's swap.
    await saveButton(page).click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(MESSAGES.updated);
    const after = await getBuild(build.id);
    expect(after.description).toBe('Scritta durante la sostituzione');
    expect(after.components[0]).toMatchObject({ id: build.components[0]!.id, name: 'Processore sostitutivo', asin: 'B0NEWCPU01', price: 105.5, is_replaced: 1 });
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('price update: notice with counts, a check by each updated price, prices in the form, nothing left unsaved', async () => {
    fake.setItem({ asin: 'B0PRICE001', title: 'SSD 2TB', brand: 'Samsung', price: 123.45, availability: 'IN_STOCK' });
    const build = await createBuild({
      title: 'Build da aggiornare',
      components: [
        { type: 'Storage', name: 'SSD 2TB', price: 150, amazon_link: 'https://www.amazon.it/dp/B0PRICE001' },
        { type: 'Case', name: 'Case sconosciuto', price: 80, amazon_link: 'https://www.amazon.it/dp/B0NOTFOUND' },
      ],
    });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    await page.getByRole('button', { name: 'Aggiorna Prezzi' }).click();
    await expect.poll(() => componentsNotice(page).locator('p').first().textContent(), { timeout: 15_000 }).toBe(MESSAGES.pricesDone);
    const lines = await componentsNotice(page).locator('li').allTextContents();
    expect(lines.slice(0, 5)).toEqual(['Componenti controllati: 2', 'Aggiornati: 1', 'Invariati: 0', 'Non disponibili: 0', 'Errori: 1']);
    expect(await component(page, 1).getByRole('img', { name: 'Prezzo aggiornato' }).isVisible()).toBe(true);
    expect(await component(page, 2).getByRole('img', { name: 'Prezzo aggiornato' }).count()).toBe(0);
    expect(await (await cardField(page, 1, 'Prezzo (€)')).inputValue()).toBe('123.45');
    expect(await (await cardField(page, 2, 'Prezzo (€)')).inputValue()).toBe('80');

    // Nothing of the author's changed: leaving asks nothing.
    let asked = false;
    page.once('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    expect(asked).toBe(false);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('errors provoked for real', () => {
  it("save after the build was deleted: the server's 404 message", async () => {
    const build = await createBuild({ title: 'Build che sparirà' });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    await field(page, 'Titolo').fill('Build che sparirà (modificata)');
    expect((await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'DELETE', token })).status).toBe(200);
    await saveButton(page).click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe('Build non trovata');
    expect(await saveNotice(page).getAttribute('role')).toBe('alert');
    expect(await field(page, 'Titolo').inputValue()).toBe('Build che sparirà (modificata)');
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });

  it("server 400 with fields: components removed meanwhile -> the error on the component's card, focused", async () => {
    const build = await createBuild({ title: 'Build modificata altrove', components: [{ type: 'CPU', name: 'CPU' }] });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const elsewhere = await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'PUT', token, body: { title: 'Build modificata altrove', components: [] } });
    expect(elsewhere.status).toBe(200);
    // The editor's save is conditional and would meet the conflict first (admin-editor-conflict.test.ts):
    // sent without its version, as an older client would, it reaches the server's check of the components.
    await page.route(`**/api/admin/builds/${build.id}`, async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.continue();
      const { updated_at: _version, ...body } = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify(body) });
    });
    await (await cardField(page, 1, 'Nome')).fill('CPU rinominata');
    await saveButton(page).click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(`Componente 1: il componente ${build.components[0]!.id} non appartiene a questa build`);
    const cardError = component(page, 1).getByTestId('error-components.0.id');
    expect(await cardError.textContent()).toBe('Componente non trovato in questa build');
    expect(await cardError.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(unexpectedErrors(opened!.errors, [400])).toEqual([]);
  });

  it('unknown id: "Errore nel caricamento della build" and a link back to the list', async () => {
    const page = await openEditor('/admin/builds/edit/987654', {}, e2e, 'load-error');
    const error = page.getByTestId('load-error');
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.locator('p').first().textContent()).toBe(MESSAGES.loadFailed);
    expect(await error.textContent()).toContain('Build non trovata');
    await page.getByRole('link', { name: 'Torna alle build' }).click();
    await page.waitForURL(`${e2e.url}/admin/builds`);
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });
});

describe('unsaved changes', () => {
  it('sidebar link: dismiss keeps the edits, accept leaves; none after saving; beforeunload on close', async () => {
    const build = await createBuild({ title: 'Build da lasciare' });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const buildsLink = page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name: 'Build', exact: true });
    const dialogs: { type: string; message: string }[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    const confirm = { type: 'confirm', message: MESSAGES.unsaved };

    await field(page, 'Titolo').fill('Titolo cambiato');
    await buildsLink.click();
    await expect.poll(() => dialogs).toEqual([confirm]);
    expect(new URL(page.url()).pathname).toBe(`/admin/builds/edit/${build.id}`);
    expect(await field(page, 'Titolo').inputValue()).toBe('Titolo cambiato');

    // Saved: no warning.
    await saveButton(page).click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(MESSAGES.updated);
    await buildsLink.click();
    await page.waitForURL(`${e2e.url}/admin/builds`);
    // The editor is gone once the navigation has finished (going back earlier would race it).
    await page.getByTestId('build-editor').waitFor({ state: 'detached' });
    expect(dialogs).toEqual([confirm]);

    // Changed again, then accepted: leaves without saving.
    await page.goBack();
    await page.getByTestId('build-editor').waitFor();
    await field(page, 'Descrizione').fill('Altra modifica');
    answer = 'accept';
    await page.getByRole('link', { name: 'Annulla' }).click();
    await page.waitForURL(`${e2e.url}/admin/builds`);
    await page.getByTestId('build-editor').waitFor({ state: 'detached' });
    expect(dialogs).toEqual([confirm, confirm]);
    expect((await getBuild(build.id)).description).toBe('');

    // Closing the tab with changes asks through beforeunload.
    await page.goBack();
    await page.getByTestId('build-editor').waitFor();
    await field(page, 'Descrizione').fill('Modifica non salvata');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs.map((dialog) => dialog.type)).toEqual(['confirm', 'confirm', 'beforeunload']);
  });

  it('after "leave anyway", Back pressed as the list appears returns to the editor (no stale warning)', async () => {
    const build = await createBuild({ title: 'Build da riaprire' });
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await field(page, 'Descrizione').fill('Modifica abbandonata');
    // Back in the same task as the router's push to the list: before the editor has finished unmounting.
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        history.pushState = push;
        push(...args);
        (window as unknown as { leftTo: string }).leftTo = location.pathname;
        history.back();
      };
    });
    await page.getByRole('link', { name: 'Annulla' }).click();
    // A stale blocker would undo the Back and leave the browser on the list.
    await page.waitForFunction(
      (editPath) => (window as unknown as { leftTo?: string }).leftTo === '/admin/builds' && location.pathname === editPath && document.querySelector('[data-testid="build-editor"]') !== null,
      `/admin/builds/edit/${build.id}`,
      { timeout: 10_000 },
    );
    expect(await field(page, 'Descrizione').inputValue()).toBe('');
    expect(dialogs).toEqual([MESSAGES.unsaved]);
    expect((await getBuild(build.id)).description).toBe('');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe.each([
  { theme: 'light', stored: 'false' },
  { theme: 'dark', stored: 'true' },
])('axe in the admin $theme theme', ({ stored }) => {
  async function openThemed(path: string, options: BrowserContextOptions = {}) {
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, ...options });
    await storeAdminTheme(opened.page, e2e.url, stored);
    await openAdmin(opened.page, e2e.url, path);
    await opened.page.getByTestId('build-editor').waitFor();
    return opened.page;
  }

  it('new build, with a component, field errors and the preview', async () => {
    const page = await openThemed('/admin/builds/new');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await addComponent(page, { link: 'non-un-link' });
    await saveButton(page).click();
    await page.getByTestId('error-title').waitFor();
    await page.getByRole('button', { name: 'Sostituzione Intelligente' }).click();
    await componentsNotice(page).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field(page, 'Contenuto (Markdown)').fill('# Titolo\n\n[link](https://example.com) e `codice`');
    await page.getByRole('tab', { name: 'Anteprima' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('edit of a demo build with components, and with the import dialog open', async () => {
    const { body } = await apiJson<{ builds: { id: number }[] }>(e2e.url, '/admin/builds', { token });
    const withComponents = (await Promise.all(body.builds.map((b) => getBuild(b.id)))).find((b) => b.components.length > 2)!;
    const page = await openThemed(`/admin/builds/edit/${withComponents.id}`);
    expect(await rows(page).count()).toBe(withComponents.components.length);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Importa da Amazon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa da Amazon' });
    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    await dialog.getByTestId('error-cartUrl').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('phone 390x844', () => {
  it('one column, no sideways overflow, the sticky bar never covers the last field', async () => {
    const { body } = await apiJson<{ builds: { id: number }[] }>(e2e.url, '/admin/builds', { token });
    const page = await openEditor(`/admin/builds/edit/${body.builds[0]!.id}`, { viewport: VIEWPORTS[0].viewport, isMobile: true, hasTouch: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Importa da Amazon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa da Amazon' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Annulla' }).click();

    // Title and side cards stack: the affiliate card comes after the components.
    const title = (await field(page, 'Titolo').boundingBox())!;
    const tag = field(page, 'Tag affiliato');
    expect((await tag.boundingBox())!.y).toBeGreaterThan(title.y);
    expect(Math.abs((await tag.boundingBox())!.x - title.x)).toBeLessThan(40);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = (await page.getByTestId('editor-actions').boundingBox())!;
    const last = (await tag.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
    // Keyboard focus scrolls a field above the bar.
    await field(page, 'Titolo').focus();
    await tag.focus();
    const focused = (await tag.boundingBox())!;
    const barNow = (await page.getByTestId('editor-actions').boundingBox())!;
    expect(focused.y + focused.height).toBeLessThanOrEqual(barNow.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

/**
 * The author's whole journey, driven only through the browser on the real
 * production server with a fresh database, the fake Amazon Creators API and the fake remove.bg:
 * log in through the form, create a build with components typed by hand and imported from a cart,
 * upload an image, generate a cover, publish, see it on the public site (cover, total, cart link),
 * add alternatives, let the retailer report a component out of stock, run the smart replacement, see
 * SOSTITUITO on the public page, restore the original from Sostituzioni, change the password, log out
 * and find the old token rejected.
 *
 * One page for the admin and the public tab it opens, shared by the steps below in order. The API is
 * used only to verify what the screens did. A failed step skips the ones after it, so the first
 * failure is the one reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { imageRect } from '../../src/app/admin/builds/editor/cover-generator/cover-layout';
import { REPLACEMENT_REASON } from '../../src/modules/replacements/replacements.service';
import { type FakeCreatorsApi, type FakeItem, startFakeCreatorsApi } from '../fakes/creators-api';
import { type FakeRemoveBg, startFakeRemoveBg } from '../fakes/remove-bg';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { ADMIN, apiGetBuild, apiJson, apiLogin, storedToken, timePasswordRedirect, unexpectedErrors } from '../e2e/admin-helpers';

const TEXT = {
  imported: (n: number) => `Importati ${n} componenti con successo!`,
  created: 'Build creata con successo!',
  updated: 'Build aggiornata con successo!',
  // The spec's text, in the singular for one (as the import's).
  groupAdded: (n: number) => `Gruppo aggiunto con successo! ${n} ${n === 1 ? 'alternativa aggiunta' : 'alternative aggiunte'}.`,
  alternativeAdded: 'Alternativa aggiunta con successo!',
  smartDone: 'Sostituzione intelligente completata!',
  replacedBadge: 'Sostituito intelligentemente',
  replaced: 'SOSTITUITO',
  restoreConfirm: 'Sei sicuro di voler ripristinare il componente originale? Questa azione eliminerà il componente sostitutivo.',
  restored: 'Componente ripristinato con successo!',
  noReplacements: 'Nessuna sostituzione',
  passwordChanged: 'Password aggiornata con successo!',
  badCredentials: 'Credenziali non valide',
} as const;

/** Generous waits: the machine running the journey may be busy. */
const POLL = { timeout: 10_000 };
const NEW_PASSWORD = 'Giro!Completo#2027';
const CART_BASE = 'https://www.amazon.it/gp/aws/cart/add.html';
const CART_TAG = 'giro-21';

const BUILD = {
  title: 'PC Gaming 1080p con Radeon RX 9060 XT',
  description: 'Una build equilibrata per giocare in Full HD senza compromessi.',
  content: '## Perché questa build\n\nRyzen 5 e **Radeon RX 9060 XT**: il giusto equilibrio.',
  budget: '900',
  category: 'Gaming',
};

/** The retailer's products: the two in the cart, the board typed by hand, and the card's substitute. */
const CPU: FakeItem = { asin: 'B0GIROCPU1', title: 'AMD Ryzen 5 9600X Processore, 6 core, 5,4 GHz', brand: 'AMD', price: 219.9, availability: 'IN_STOCK' };
const GPU: FakeItem = { asin: 'B0GIROGPU1', title: 'Sapphire Pulse AMD Radeon RX 9060 XT 16GB Scheda grafica', brand: 'Sapphire', price: 389.9, availability: 'IN_STOCK' };
const BOARD: FakeItem = { asin: 'B0GIROMOB1', title: 'MSI MAG B650 TOMAHAWK WIFI Scheda madre ATX', brand: 'MSI', price: 179.99, availability: 'IN_STOCK' };
// In stock and inside the price band (389.90 + min(20 %, 50 €)); Amazon's price, not the noted one, goes in.
const SUBSTITUTE: FakeItem = { asin: 'B0GIROGPU2', title: 'ASUS Dual Radeon RX 9060 XT OC 16GB Scheda grafica', brand: 'ASUS', price: 404.9, availability: 'IN_STOCK' };

/** Typed by hand: the board with its Amazon link, and a cooler bought elsewhere (no link, no ASIN). */
const HAND = [
  { type: 'Motherboard', name: 'MSI MAG B650 TOMAHAWK WIFI', brand: 'MSI', price: BOARD.price!, link: `https://www.amazon.it/dp/${BOARD.asin}`, asin: BOARD.asin },
  { type: 'Cooler', name: 'Thermalright Peerless Assassin 120 SE', brand: 'Thermalright', price: 42.5, link: '', asin: '' },
] as const;

const GROUP = { name: 'Radeon RX 9060 XT 16 GB', type: 'GPU', alternative: { asin: SUBSTITUTE.asin, name: 'ASUS Dual Radeon RX 9060 XT OC 16 GB', price: '399', priority: '1' } };
const CPU_ALTERNATIVE = { asin: 'B0GIROCPU2', name: 'AMD Ryzen 7 7700 Processore', price: '249', priority: '2' };

/** Sum in cents (no floating-point drift), formatted as an Italian euro amount. */
function euroTotal(prices: number[]): string {
  const cents = prices.reduce((sum, price) => sum + Math.round(price * 100), 0);
  return new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(cents / 100);
}

interface ReplacementRecord {
  id: number;
  build_id: number;
  name: string | null;
  original_name: string;
}

let retailer: FakeCreatorsApi;
let removeBg: FakeRemoveBg;
let e2e: E2EContext;
let uploadDir: string;
/** A session of its own for verifying through the API (the journey's page has another one). */
let apiToken: string;
let opened: OpenedPage;
let page: Page;
/** The public tab the admin opens from the builds list; reloaded to see each change. */
let publicTab: Page;
/** Every window.confirm seen; only the restore confirmation is accepted. */
const dialogs: string[] = [];

// State the steps hand on to each other.
let buildId: number;
let coverUrl: string;

beforeAll(async () => {
  retailer = await startFakeCreatorsApi({ catalogue: [CPU, GPU, BOARD, SUBSTITUTE] });
  removeBg = await startFakeRemoveBg();
  uploadDir = mkdtempSync(join(tmpdir(), 'buildpc-journey-uploads-'));
  e2e = await startE2E({ ...retailerEnv(retailer), REMOVE_BG_API_KEY: removeBg.apiKey, REMOVE_BG_API_URL: removeBg.url, UPLOAD_DIR: uploadDir });
  apiToken = await apiLogin(e2e.url);
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  page = opened.page;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (dialog.message() === TEXT.restoreConfirm ? dialog.accept() : dialog.dismiss());
  });
});
afterAll(async () => {
  await opened?.close();
  await e2e?.close();
  await retailer?.close();
  await removeBg?.close();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

let failedStep: string | null = null;
beforeEach(({ skip, onTestFailed, task }) => {
  skip(failedStep !== null, `the journey stopped at "${failedStep}"`);
  onTestFailed(() => {
    failedStep = task.name;
  });
});

const getBuild = (id: number) => apiGetBuild(e2e.url, apiToken, id);

const sidebarLink = (name: string) => page.locator('nav[aria-label="Amministrazione"]').getByRole('link', { name, exact: true });
const field = (label: string) => page.getByLabel(label, { exact: true });
/** The component table's rows: a row per component, the open one holding its full card (one at a time). */
const rows = () => page.getByTestId('component-row');
async function openCard(n: number) {
  const row = rows().nth(n - 1);
  if ((await row.getAttribute('data-open')) === null) await row.getByRole('button', { name: `Dettagli di Componente ${n}` }).click();
  const card = row.getByTestId('component-card');
  await card.waitFor();
  return card;
}
const cardField = async (n: number, label: string) => (await openCard(n)).getByLabel(label, { exact: true });
/** Opens the card of the component linked to `asin`: its alternatives panel shows. */
async function openCardOf(asin: string) {
  const row = page.locator(`[data-testid="component-row"][data-asin="${asin}"]`);
  if ((await row.getAttribute('data-open')) === null) await row.getByRole('button', { name: /^Dettagli di / }).click();
  await row.getByTestId('component-card').waitFor();
}
const saveButton = () => page.getByTestId('save-button');
const saveNotice = () => page.getByTestId('save-notice').locator('p');
const componentsNotice = () => page.getByTestId('components-notice');
const alternativesPanel = (asin: string) => page.locator(`[data-testid="alternatives-panel"][data-asin="${asin}"]`);
const panelNotice = (asin: string) => alternativesPanel(asin).getByTestId('alternatives-notice').locator('div').first();
const buildRow = () => page.locator(`[data-testid="build-row"][data-build-id="${buildId}"]`);

async function openBuildsList() {
  await sidebarLink('Build').click();
  await page.waitForURL(`${e2e.url}/admin/builds`);
  await page.getByTestId('builds-table').waitFor();
}

async function addComponentByHand(values: (typeof HAND)[number]) {
  await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
  const n = await rows().count();
  await (await cardField(n, 'Tipo')).selectOption(values.type);
  await (await cardField(n, 'Nome')).fill(values.name);
  await (await cardField(n, 'Marca')).fill(values.brand);
  await (await cardField(n, 'Prezzo (€)')).fill(String(values.price));
  if (values.link) await (await cardField(n, 'Link Amazon')).fill(values.link);
  return n;
}

/** RGB of one pixel of the canvas in the cover dialog. */
const canvasPixel = (x: number, y: number) =>
  page.getByTestId('cover-canvas').evaluate((canvas, [px, py]) => Array.from((canvas as HTMLCanvasElement).getContext('2d')!.getImageData(px!, py!, 1, 1).data).slice(0, 3), [x, y]);
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 70 && b! < 70;

/** The product photo for the cover: 400x300, opaque red (remove.bg keeps an ellipse in its middle). */
const PHOTO_SIZE = { width: 400, height: 300 };
const photoRect = imageRect(PHOTO_SIZE.width, PHOTO_SIZE.height);
const PHOTO_CORNER = [Math.round(photoRect.x) + 8, Math.round(photoRect.y) + 8] as const;
const PHOTO_CENTRE = [Math.round(photoRect.x + photoRect.width / 2), Math.round(photoRect.y + photoRect.height / 2)] as const;

/**
 * The author switches between the admin and the public tab. A background tab gets no animation
 * frames in Chromium, and Playwright waits for frames before it clicks: the tab in use comes to front.
 */
async function switchTo(tab: Page) {
  await tab.bringToFront();
}

/** What the public build page shows about the components, their total and the cart. */
async function publicView() {
  const rows = publicTab.getByTestId('component');
  const cart = publicTab.getByRole('link', { name: /Compra Tutto su Amazon/ });
  return {
    rows: await rows.count(),
    replacedRows: await rows.filter({ hasText: TEXT.replaced }).allTextContents(),
    total: await publicTab.getByTestId('total').textContent(),
    cartUrl: (await cart.getAttribute('href'))!,
  };
}

/** The cart link taken apart: its base, its tag, and the ASIN.n/Quantity.n pairs (any other parameter is reported). */
function cartParts(href: string) {
  const url = new URL(href);
  const params = new Map(url.searchParams);
  const asins: string[] = [];
  const quantities: string[] = [];
  for (let n = 1; params.has(`ASIN.${n}`); n++) {
    asins.push(params.get(`ASIN.${n}`)!);
    quantities.push(params.get(`Quantity.${n}`) ?? 'missing');
    params.delete(`ASIN.${n}`);
    params.delete(`Quantity.${n}`);
  }
  const tag = params.get('AssociateTag');
  params.delete('AssociateTag');
  return { base: `${url.origin}${url.pathname}`, tag, asins: asins.sort(), quantities, others: [...params.keys()] };
}

const expectedCart = (asins: string[]) => ({ base: CART_BASE, tag: CART_TAG, asins: [...asins].sort(), quantities: asins.map(() => '1'), others: [] });

/** Pixel (RGB) of an image file at x, y. */
async function imagePixel(image: Buffer, [x, y]: readonly [number, number]): Promise<number[]> {
  const { data } = await sharp(image).removeAlpha().extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

describe("the author's journey", () => {
  it('logs in through the login form and lands on the dashboard', async () => {
    await page.goto(`${e2e.url}/admin`);
    await page.waitForURL(`${e2e.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByTestId('stat-total').waitFor();
    expect(await page.getByTestId('admin-username').textContent()).toBe(ADMIN.username);
    expect(await storedToken(page)).toBeTruthy();
  });

  it('starts a new build from the builds list and types two components by hand', async () => {
    await openBuildsList();
    await page.getByRole('link', { name: 'Nuova Build' }).click();
    await page.waitForURL(`${e2e.url}/admin/builds/new`);
    await page.getByTestId('build-editor').waitFor();

    await field('Titolo').fill(BUILD.title);
    await field('Descrizione').fill(BUILD.description);
    await field('Contenuto (Markdown)').fill(BUILD.content);
    await field('Budget (€)').fill(BUILD.budget);
    await field('Categoria').selectOption({ label: BUILD.category });
    expect(await field('Stato').inputValue()).toBe('draft');

    for (const component of HAND) {
      const n = await addComponentByHand(component);
      // The ASIN comes from the link as typed; none without a link.
      expect(await (await cardField(n, 'ASIN')).inputValue()).toBe(component.asin);
    }
    expect(await rows().count()).toBe(2);
    expect(await page.getByTestId('components-total').textContent()).toBe(`Totale: ${euroTotal(HAND.map((c) => c.price))}`);
  });

  it("imports the processor and the graphics card from an Amazon cart: 'Importati 2 componenti con successo!'", async () => {
    await page.getByRole('button', { name: 'Importa da Amazon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa da Amazon' });
    await dialog.getByLabel('URL del carrello Amazon').fill(`${CART_BASE}?ASIN.1=${CPU.asin}&Quantity.1=1&ASIN.2=${GPU.asin}&Quantity.2=1&AssociateTag=${CART_TAG}`);
    await dialog.getByRole('button', { name: 'Importa Componenti' }).click();
    await expect.poll(() => componentsNotice().locator('p').first().textContent(), { timeout: 15_000 }).toBe(TEXT.imported(2));
    expect(await dialog.isVisible()).toBe(false);
    expect(await componentsNotice().getAttribute('role')).toBe('status');
    expect(await componentsNotice().locator('li').allTextContents()).toEqual([`Tag affiliato impostato: ${CART_TAG}`]);
    expect(await field('Tag affiliato').inputValue()).toBe(CART_TAG);

    // Appended after the hand-typed ones, with the retailer's titles, prices and the type guessed from the title.
    expect(await rows().count()).toBe(4);
    for (const [n, item, type] of [
      [3, CPU, 'CPU'],
      [4, GPU, 'GPU'],
    ] as const) {
      expect(await (await openCard(n)).getByRole('heading').textContent()).toBe(`Componente ${n}`);
      expect(await (await cardField(n, 'Nome')).inputValue()).toBe(item.title);
      expect(await (await cardField(n, 'Tipo')).inputValue()).toBe(type);
      expect(await (await cardField(n, 'Prezzo (€)')).inputValue()).toBe(String(item.price));
      expect(await (await cardField(n, 'ASIN')).inputValue()).toBe(item.asin);
    }
    expect(await (await cardField(1, 'Nome')).inputValue()).toBe(HAND[0].name);
    expect(await page.getByTestId('components-total').textContent()).toBe(`Totale: ${euroTotal([...HAND.map((c) => c.price), CPU.price!, GPU.price!])}`);
  });

  it("saves the draft: 'Build creata con successo!' and the edit URL", async () => {
    await saveButton().click();
    await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
    await expect.poll(() => saveNotice().textContent(), POLL).toBe(TEXT.created);
    buildId = Number(new URL(page.url()).pathname.split('/').pop());
    const build = await getBuild(buildId);
    expect(build).toMatchObject({ status: 'draft', affiliate_tag: CART_TAG, featured_image: null });
    expect(build.components.map((c) => [c.type, c.name, c.price, c.asin])).toEqual([
      [HAND[0].type, HAND[0].name, HAND[0].price, BOARD.asin],
      [HAND[1].type, HAND[1].name, HAND[1].price, null],
      ['CPU', CPU.title, CPU.price, CPU.asin],
      ['GPU', GPU.title, GPU.price, GPU.asin],
    ]);
  });

  it('uploads an image, then generates a cover from a product photo with the background removed', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    await field('Carica immagine').setInputFiles({ name: 'foto-build.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => field('URL immagine').inputValue(), POLL).toMatch(/^\/uploads\/[^/]+$/);
    const uploaded = await field('URL immagine').inputValue();
    expect(await page.getByTestId('featured-image-preview').getByRole('img').getAttribute('src')).toBe(uploaded);

    await page.getByRole('button', { name: 'Genera Copertina' }).click();
    const cover = page.getByTestId('cover-dialog');
    await cover.waitFor();
    expect(await cover.getByLabel('Testo', { exact: true }).inputValue()).toBe(BUILD.title);
    const product = await sharp({ create: { ...PHOTO_SIZE, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
    await cover.getByLabel('Immagine del prodotto (facoltativa)').setInputFiles({ name: 'scheda-video.png', mimeType: 'image/png', buffer: product });
    await expect.poll(async () => isRed(await canvasPixel(...PHOTO_CORNER)), POLL).toBe(true);
    await cover.getByLabel('Rimuovi sfondo').check();
    // The fake remove.bg keeps an ellipse: once the cut-out is drawn the photo's corner shows the gradient.
    await expect.poll(async () => isRed(await canvasPixel(...PHOTO_CORNER)), POLL).toBe(false);
    expect(isRed(await canvasPixel(...PHOTO_CENTRE))).toBe(true);
    expect(removeBg.requests.map((request) => request.status)).toEqual([200]);

    await cover.getByRole('button', { name: 'Usa come copertina' }).click();
    await cover.waitFor({ state: 'detached' });
    await expect.poll(() => field('URL immagine').inputValue(), POLL).not.toBe(uploaded);
    coverUrl = await field('URL immagine').inputValue();
    expect(coverUrl).toMatch(/^\/uploads\/[^/]+$/);
    expect(await page.getByTestId('featured-image-preview').getByRole('img').getAttribute('src')).toBe(coverUrl);
  });

  it("publishes the build: 'Build aggiornata con successo!'", async () => {
    await field('Stato').selectOption({ label: 'Pubblicato' });
    await saveButton().click();
    await expect.poll(() => saveNotice().textContent(), POLL).toBe(TEXT.updated);
    expect(await getBuild(buildId)).toMatchObject({ status: 'published', featured_image: coverUrl });
  });

  it('sees it on the public site: the generated 1280x720 cover, the total of the prices and the cart link of the ASINs', async () => {
    await openBuildsList();
    const view = buildRow().getByRole('link', { name: `Visualizza "${BUILD.title}" (si apre in una nuova scheda)` });
    expect(await view.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([opened.context.waitForEvent('page'), view.click()]);
    publicTab = tab;
    publicTab.on('pageerror', (error) => opened.errors.push(`public tab pageerror: ${error.message}`));
    publicTab.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(`public tab console.error: ${message.text()} (${message.location().url})`);
    });
    await publicTab.waitForLoadState();
    expect(new URL(publicTab.url()).pathname).toBe(`/build/${(await getBuild(buildId)).slug}`);
    expect(await publicTab.getByRole('heading', { level: 1 }).textContent()).toBe(BUILD.title);

    const image = publicTab.getByRole('img', { name: BUILD.title });
    expect(await image.getAttribute('src')).toBe(coverUrl);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL).toBe(1280);
    const response = await fetch(`${e2e.url}${coverUrl}`);
    expect(response.status).toBe(200);
    const file = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(file).metadata();
    expect([metadata.width, metadata.height]).toEqual([1280, 720]);
    // It is the generated cover: the product photo with its background removed, on the gradient.
    expect(isRed(await imagePixel(file, PHOTO_CENTRE))).toBe(true);
    expect(isRed(await imagePixel(file, PHOTO_CORNER))).toBe(false);

    const view1 = await publicView();
    expect(view1.rows).toBe(4);
    for (const name of [HAND[0].name, HAND[1].name, CPU.title, GPU.title]) expect(await publicTab.locator('#componenti').getByText(name, { exact: true }).count()).toBe(1);
    expect(view1.replacedRows).toEqual([]);
    expect(view1.total).toBe(euroTotal([...HAND.map((c) => c.price), CPU.price!, GPU.price!]));
    // Exactly the components with an ASIN, quantity 1 each, with the build's tag; the cooler has none.
    expect(cartParts(view1.cartUrl)).toEqual(expectedCart([BOARD.asin, CPU.asin, GPU.asin]));
    await switchTo(page);
  });

  it('adds alternatives: a group in the alternatives manager, then from the editor the group for the card and one for the processor', async () => {
    await sidebarLink('Alternative').click();
    await page.waitForURL(`${e2e.url}/admin/alternatives`);
    await page.getByTestId('category-item').first().waitFor();
    await page.getByRole('button', { name: 'Nuova Categoria' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Nuova Categoria' });
    await categoryDialog.getByLabel('Nome').fill(GROUP.name);
    await categoryDialog.getByLabel('Tipo di componente').selectOption(GROUP.type);
    await categoryDialog.getByLabel('Descrizione').fill('Schede equivalenti da 16 GB');
    await categoryDialog.getByRole('button', { name: 'Crea Categoria' }).click();
    await categoryDialog.waitFor({ state: 'detached' });

    // The new category is selected and empty.
    const panel = page.getByTestId('category-panel');
    await panel.getByTestId('panel-name').getByText(GROUP.name, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Aggiungi la prima alternativa' }).click();
    const alternativeDialog = page.getByRole('dialog', { name: 'Nuova Alternativa' });
    await alternativeDialog.getByLabel('ASIN').fill(GROUP.alternative.asin);
    await alternativeDialog.getByLabel('Nome prodotto').fill(GROUP.alternative.name);
    await alternativeDialog.getByLabel('Prezzo (€)').fill(GROUP.alternative.price);
    await alternativeDialog.getByLabel('Priorità').fill(GROUP.alternative.priority);
    await alternativeDialog.getByRole('button', { name: 'Aggiungi Alternativa' }).click();
    await alternativeDialog.waitFor({ state: 'detached' });
    await panel.getByTestId('alternative-name').getByText(GROUP.alternative.name, { exact: true }).waitFor();

    // Back to the build: the graphics card takes the whole group.
    await openBuildsList();
    await buildRow().getByRole('link', { name: `Modifica "${BUILD.title}"` }).click();
    await page.waitForURL(`${e2e.url}/admin/builds/edit/${buildId}`);
    await page.getByTestId('build-editor').waitFor();
    await openCardOf(GPU.asin);
    const gpuPanel = alternativesPanel(GPU.asin);
    await expect.poll(() => gpuPanel.getByTestId('alternatives-toggle').textContent(), POLL).toBe('Alternative (0)');
    await gpuPanel.getByTestId('alternatives-toggle').click();
    const group = gpuPanel.getByLabel('Gruppo', { exact: true });
    await expect.poll(() => group.isEnabled(), POLL).toBe(true);
    await group.selectOption({ label: `${GROUP.name} (1)` });
    await gpuPanel.getByRole('button', { name: 'Aggiungi gruppo' }).click();
    await expect.poll(() => panelNotice(GPU.asin).textContent(), POLL).toBe(TEXT.groupAdded(1));
    await expect.poll(() => gpuPanel.getByTestId('alternatives-toggle').textContent(), POLL).toBe('Alternative (1)');
    expect(await gpuPanel.getByTestId('alternative-asin').allTextContents()).toEqual([SUBSTITUTE.asin]);

    // And one alternative typed for the processor.
    await openCardOf(CPU.asin);
    const cpuPanel = alternativesPanel(CPU.asin);
    await expect.poll(() => cpuPanel.getByTestId('alternatives-toggle').textContent(), POLL).toBe('Alternative (0)');
    await cpuPanel.getByTestId('alternatives-toggle').click();
    const form = cpuPanel.getByTestId('alternative-add');
    await form.getByLabel('ASIN').fill(CPU_ALTERNATIVE.asin);
    await form.getByLabel('Nome prodotto').fill(CPU_ALTERNATIVE.name);
    await form.getByLabel('Prezzo (€)').fill(CPU_ALTERNATIVE.price);
    await form.getByLabel('Priorità (1-5)').fill(CPU_ALTERNATIVE.priority);
    await form.getByRole('button', { name: 'Aggiungi alternativa' }).click();
    await expect.poll(() => panelNotice(CPU.asin).textContent(), POLL).toBe(TEXT.alternativeAdded);
    await expect.poll(() => cpuPanel.getByTestId('alternative-asin').allTextContents(), POLL).toEqual([CPU_ALTERNATIVE.asin]);

    const stored = async (asin: string) =>
      (await apiJson<{ alternatives: { alternative_asin: string; alternative_name: string; alternative_price: number | null; priority: number }[] }>(e2e.url, `/admin/alternatives/${asin}`, { token: apiToken })).body.alternatives;
    expect((await stored(GPU.asin)).map((a) => [a.alternative_asin, a.alternative_name, a.alternative_price, a.priority])).toEqual([
      [SUBSTITUTE.asin, GROUP.alternative.name, Number(GROUP.alternative.price), Number(GROUP.alternative.priority)],
    ]);
    expect((await stored(CPU.asin)).map((a) => [a.alternative_asin, a.alternative_name, a.alternative_price, a.priority])).toEqual([
      [CPU_ALTERNATIVE.asin, CPU_ALTERNATIVE.name, Number(CPU_ALTERNATIVE.price), Number(CPU_ALTERNATIVE.priority)],
    ]);
  });

  it("the retailer reports the graphics card out of stock; the smart replacement swaps in the group's card", async () => {
    retailer.setItem({ ...GPU, availability: 'OUT_OF_STOCK' });
    await page.getByRole('button', { name: 'Sostituzione Intelligente' }).click();
    await expect.poll(() => componentsNotice().locator('p').first().textContent(), { timeout: 15_000 }).toBe(TEXT.smartDone);
    expect(await componentsNotice().locator('li').allTextContents()).toEqual(['Disponibili: 2', 'Sostituiti: 1', 'Non disponibili: 0', 'Errori: 0']);

    const badges = page.getByTestId('replaced-badge');
    expect(await badges.count()).toBe(1);
    expect(await rows().nth(3).getByTestId('replaced-badge').textContent()).toBe(TEXT.replacedBadge);
    expect(await (await cardField(4, 'Nome')).inputValue()).toBe(GROUP.alternative.name);
    expect(await (await cardField(4, 'ASIN')).inputValue()).toBe(SUBSTITUTE.asin);
    expect(await (await cardField(4, 'Prezzo (€)')).inputValue()).toBe(String(SUBSTITUTE.price));
    expect(await (await cardField(4, 'Link Amazon')).inputValue()).toBe(`https://www.amazon.it/dp/${SUBSTITUTE.asin}?tag=${CART_TAG}`);
    expect((await getBuild(buildId)).components.map((c) => [c.asin, c.is_replaced])).toEqual([
      [BOARD.asin, 0],
      [null, 0],
      [CPU.asin, 0],
      [SUBSTITUTE.asin, 1],
    ]);
  });

  it('the public page, reloaded, shows SOSTITUITO with the substitute, the new total and cart', async () => {
    await switchTo(publicTab);
    await publicTab.reload();
    const view = await publicView();
    expect(view.rows).toBe(4);
    expect(view.replacedRows).toHaveLength(1);
    expect(view.replacedRows[0]).toContain(`${TEXT.replaced}${REPLACEMENT_REASON}`);
    expect(view.replacedRows[0]).toContain(GROUP.alternative.name);
    expect(await publicTab.locator('#componenti').getByText(GPU.title, { exact: true }).count()).toBe(0);
    expect(view.total).toBe(euroTotal([...HAND.map((c) => c.price), CPU.price!, SUBSTITUTE.price!]));
    expect(cartParts(view.cartUrl)).toEqual(expectedCart([BOARD.asin, CPU.asin, SUBSTITUTE.asin]));
    await switchTo(page);
  });

  it("the card is back in stock: restored from Sostituzioni, 'Componente ripristinato con successo!', the public page shows the original again", async () => {
    retailer.setItem(GPU);
    const records = (await apiJson<{ replacements: ReplacementRecord[] }>(e2e.url, '/admin/replacements', { token: apiToken })).body.replacements;
    expect(records.map((record) => [record.build_id, record.name, record.original_name])).toEqual([[buildId, GROUP.alternative.name, GPU.title]]);

    await sidebarLink('Sostituzioni').click();
    await page.waitForURL(`${e2e.url}/admin/replacements`);
    const card = page.locator(`[data-testid="replacement-card"][data-replacement-id="${records[0]!.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('replaced-badge').textContent()).toBe(TEXT.replaced);
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(GROUP.alternative.name);
    expect(await card.getByTestId('original-name').textContent()).toBe(GPU.title);

    await card.getByRole('button', { name: /^Ripristina/ }).click();
    await expect.poll(() => page.getByTestId('replacements-notice').locator('p').first().textContent(), POLL).toBe(TEXT.restored);
    expect(dialogs).toEqual([TEXT.restoreConfirm]);
    await card.waitFor({ state: 'detached' });
    expect(await page.getByTestId('replacements-empty').textContent()).toBe(TEXT.noReplacements);

    await switchTo(publicTab);
    await publicTab.reload();
    const view = await publicView();
    expect(view.replacedRows).toEqual([]);
    expect(await publicTab.getByText(TEXT.replaced).count()).toBe(0);
    expect(await publicTab.locator('#componenti').getByText(GPU.title, { exact: true }).count()).toBe(1);
    expect(await publicTab.locator('#componenti').getByText(GROUP.alternative.name, { exact: true }).count()).toBe(0);
    expect(view.total).toBe(euroTotal([...HAND.map((c) => c.price), CPU.price!, GPU.price!]));
    expect(cartParts(view.cartUrl)).toEqual(expectedCart([BOARD.asin, CPU.asin, GPU.asin]));
    await switchTo(page);
  });

  it("changes the password: 'Password aggiornata con successo!', then the dashboard after 2 s", async () => {
    await sidebarLink('Cambia Password').click();
    await page.waitForURL(`${e2e.url}/admin/change-password`);
    await page.getByTestId('change-password-form').waitFor();
    await field('Password corrente').fill(ADMIN.password);
    await field('Nuova password').fill(NEW_PASSWORD);
    await field('Conferma nuova password').fill(NEW_PASSWORD);
    const redirectDelay = await timePasswordRedirect(page);
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    const notice = page.getByTestId('password-success');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(TEXT.passwordChanged);
    await page.waitForURL(`${e2e.url}/admin`, { timeout: 5000 });
    const elapsed = await redirectDelay();
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(4000);
    await page.getByTestId('stat-total').waitFor();
  });

  it('logs out to /admin/login; the old token is rejected; the old password fails and the new one logs in through the form', async () => {
    const oldToken = await storedToken(page);
    expect(oldToken).toBeTruthy();
    expect((await apiJson(e2e.url, '/auth/verify', { token: oldToken! })).status).toBe(200);

    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await page.getByTestId('login-form').waitFor();
    expect(await storedToken(page)).toBeNull();
    expect((await apiJson(e2e.url, '/auth/verify', { token: oldToken! })).status).toBe(401);

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent(), POLL).toBe(TEXT.badCredentials);
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByTestId('stat-total').waitFor();
    const newToken = await storedToken(page);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect((await apiJson(e2e.url, '/auth/verify', { token: newToken! })).status).toBe(200);
  });

  it('ran without unexpected errors: only the 401 of the old password, and only the restore confirmation', () => {
    expect(unexpectedErrors(opened.errors, [401])).toEqual([]);
    expect(dialogs).toEqual([TEXT.restoreConfirm]);
  });
});

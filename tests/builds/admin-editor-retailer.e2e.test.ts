/**
 * The build editor's retailer data (decision 019), against the fake Creators API over real HTTP: 'Cerca su
 * Amazon' (debounced, keyboard, 'Carica altri', a late answer never replacing a newer one), the chosen
 * product saved with its ASIN, price and image and shown on the public page, 'Sostituisci con un prodotto
 * Amazon', the lookup of a pasted link filling only the empty fields, the price sparklines, and a site
 * without the Creators API configured (a hint, no search, no lookups).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { storeObservations } from '../../src/modules/pricing';
import { systemClock } from '../../src/modules/clock';
import { type FakeCreatorsApi, type FakeItem, fakeImageUrl, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiLogin, openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';

const GPU: FakeItem = {
  asin: 'B0SRCGPU01',
  title: 'ASUS Dual GeForce RTX 5060 Ti 16GB Scheda grafica',
  brand: 'ASUS',
  price: 479.9,
  availability: 'IN_STOCK',
  features: ['16 GB GDDR7', 'DLSS 4 e ray tracing'],
};
const CPU: FakeItem = { asin: 'B0SRCCPU01', title: 'AMD Ryzen 7 9700X Processore 8 core', brand: 'AMD', price: 329, availability: 'IN_STOCK', features: ['8 core, 16 thread'] };
const PSU: FakeItem = { asin: 'B0SRCPSU01', title: 'Corsair RM850e Alimentatore 850W 80 Plus Gold', brand: 'Corsair', price: 119.9, availability: 'OUT_OF_STOCK' };
/** Twelve products one word finds: a first page of 10 and a second of 2. */
const FANS: FakeItem[] = Array.from({ length: 12 }, (_, index) => ({
  asin: `B0SRCFAN${String(index + 1).padStart(2, '0')}`,
  title: `Arctic P12 ventola silenziosa modello ${index + 1}`,
  brand: 'Arctic',
  price: 5 + index,
  availability: 'IN_STOCK',
}));
const CATALOGUE = [GPU, CPU, PSU, ...FANS];

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

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openEditor(path: string, context: E2EContext = e2e): Promise<Page> {
  opened = await newPage(context.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, context.url, path);
  await opened.page.getByTestId('build-editor').waitFor();
  return opened.page;
}

/** The paths of the page's calls to the retailer endpoints, with their query, in order. */
function recordRetailerRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin/retailer/')) seen.push(request);
  });
  return seen;
}
const searchesOf = (requests: Request[]) => requests.filter((request) => new URL(request.url()).pathname === '/api/admin/retailer/search').map((request) => new URL(request.url()).searchParams.get('q'));

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const rows = (page: Page) => page.getByTestId('component-row');
const row = (page: Page, n: number) => rows(page).nth(n - 1);
async function openCard(page: Page, n: number) {
  if ((await row(page, n).getAttribute('data-open')) === null) await row(page, n).getByRole('button', { name: `Dettagli di Componente ${n}` }).click();
  const card = row(page, n).getByTestId('component-card');
  await card.waitFor();
  return card;
}
const cardValue = async (page: Page, n: number, label: string) => (await openCard(page, n)).getByLabel(label, { exact: true }).inputValue();
const dialog = (page: Page) => page.getByTestId('retailer-search-dialog');
const searchField = (page: Page) => dialog(page).getByRole('combobox', { name: 'Cerca un prodotto' });
const results = (page: Page) => dialog(page).getByTestId('retailer-search-result');
const searchStatus = (page: Page) => dialog(page).getByTestId('retailer-search-status');
const saveButton = (page: Page) => page.getByTestId('save-button');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

async function saveNew(page: Page): Promise<number> {
  await saveButton(page).click();
  await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
  await expect.poll(() => page.getByTestId('save-notice').locator('p').textContent()).toBe('Build creata con successo!');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe("'Cerca su Amazon'", () => {
  it('search -> choose: a component with every field filled, saved with ASIN, price and image, shown on the public page', async () => {
    const page = await openEditor('/admin/builds/new');
    const requests = recordRetailerRequests(page);
    await field(page, 'Titolo').fill('Build scelta su Amazon');
    await field(page, 'Stato').selectOption({ label: 'Pubblicato' });

    await page.getByRole('button', { name: 'Cerca su Amazon' }).click();
    await dialog(page).waitFor();
    expect(await dialog(page).getByRole('heading').textContent()).toBe('Cerca su Amazon');
    // The field has the focus; typing a word letter by letter sends one search, once the author pauses.
    expect(await searchField(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await searchField(page).pressSequentially('rtx 5060', { delay: 20 });
    await expect.poll(() => results(page).count()).toBe(1);
    expect(searchesOf(requests)).toEqual(['rtx 5060']);
    expect(plain(await searchStatus(page).textContent())).toBe('1 risultato per "rtx 5060". Frecce su e giù per scegliere, Invio per aggiungere.');
    const result = results(page).first();
    expect(await result.getAttribute('role')).toBe('option');
    const image = result.locator('img');
    expect(await image.getAttribute('src')).toBe(fakeImageUrl(GPU.asin, 500));
    expect([await image.getAttribute('width'), await image.getAttribute('height'), await image.getAttribute('loading')]).toEqual(['64', '64', 'lazy']);
    expect(plain(await result.textContent())).toBe(`${GPU.title}ASUS479,90 €DisponibileTipo: GPU`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await result.click();
    await dialog(page).waitFor({ state: 'detached' });
    // The focus is back on the button that opened the search.
    expect(await focusedText(page)).toBe('Cerca su Amazon');
    expect(plain(await page.getByTestId('components-notice').locator('p').first().textContent())).toBe(`Componente aggiunto da Amazon: ${GPU.title} (tipo GPU, modificabile).`);
    expect(await rows(page).count()).toBe(1);
    expect(await row(page, 1).getByLabel('Tipo, Componente 1').inputValue()).toBe('GPU');
    expect(await row(page, 1).getByLabel('Nome, Componente 1').inputValue()).toBe(GPU.title);
    expect(await row(page, 1).getByLabel('Prezzo (€), Componente 1').inputValue()).toBe('479.9');
    const thumbnail = row(page, 1).getByTestId('component-thumbnail');
    expect(await thumbnail.getAttribute('src')).toBe(fakeImageUrl(GPU.asin, 500));
    expect([await thumbnail.getAttribute('width'), await thumbnail.getAttribute('height')]).toEqual(['32', '32']);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await cardValue(page, 1, 'Marca')).toBe('ASUS');
    expect(await cardValue(page, 1, 'ASIN')).toBe(GPU.asin);
    expect(await cardValue(page, 1, 'Link Amazon')).toBe(`https://www.amazon.it/dp/${GPU.asin}?tag=buildpc-21`);
    expect(await cardValue(page, 1, 'Immagine (URL)')).toBe(fakeImageUrl(GPU.asin, 500));
    expect(await cardValue(page, 1, 'Specifiche')).toBe('• 16 GB GDDR7\n• DLSS 4 e ray tracing');
    // The guessed type stays editable.
    await row(page, 1).getByRole('button', { name: 'Chiudi i dettagli di Componente 1' }).click();
    await row(page, 1).getByLabel('Tipo, Componente 1').selectOption('Other');
    await row(page, 1).getByLabel('Tipo, Componente 1').selectOption('GPU');

    const id = await saveNew(page);
    const build = await apiGetBuild(e2e.url, token, id);
    expect(build.components).toHaveLength(1);
    expect(build.components[0]).toMatchObject({
      type: 'GPU',
      name: GPU.title,
      brand: 'ASUS',
      asin: GPU.asin,
      price: 479.9,
      image_url: fakeImageUrl(GPU.asin, 500),
      amazon_link: `https://www.amazon.it/dp/${GPU.asin}?tag=buildpc-21`,
      specs: '• 16 GB GDDR7\n• DLSS 4 e ray tracing',
    });
    expect(unexpectedErrors(opened!.errors)).toEqual([]);

    // Two older prices of the product, as earlier refreshes recorded them, then today's refresh.
    const db = e2e.runtime.database.db;
    for (const [daysAgo, cents] of [[12, 45990], [5, 52990]] as const) {
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      await db.transaction().execute((trx) => storeObservations(trx, systemClock, [{ asin: GPU.asin, priceCents: cents, availability: 'IN_STOCK' }], at));
    }
    const refreshed = await fetch(`${e2e.url}/api/admin/builds/${id}/update-prices`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(refreshed.status).toBe(200);

    // The public page of the published build: the component with its price, thumbnail and 30-day low, and the total's chart.
    await page.goto(`${e2e.url}/build/${build.slug}`);
    const listed = page.getByTestId('component').filter({ hasText: GPU.title });
    expect(await listed.count()).toBe(1);
    expect(plain(await listed.textContent())).toContain('479,90 €');
    const publicThumbnail = listed.getByTestId('component-image');
    expect(await publicThumbnail.getAttribute('src')).toBe(fakeImageUrl(GPU.asin, 500));
    expect([await publicThumbnail.getAttribute('width'), await publicThumbnail.getAttribute('height')]).toEqual(['64', '64']);
    expect(plain(await listed.getByTestId('lowest-price-30d').textContent())).toBe('Prezzo più basso negli ultimi 30 giorni: 459,90 €');
    const chart = page.getByRole('img', { name: 'Andamento del prezzo totale' });
    expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect(await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby')!)!.textContent)).toMatch(/minimo 459,90\u00a0€/);
  });

  it('keyboard: type, ↓ ↓, Enter adds the second result; Escape closes; the focus comes back to the button', async () => {
    const page = await openEditor('/admin/builds/new');
    await page.getByRole('button', { name: 'Cerca su Amazon' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.type('ventola');
    await expect.poll(() => results(page).count()).toBe(10);
    expect(plain(await searchStatus(page).textContent())).toBe('10 risultati per "ventola" (su 12 trovati da Amazon). Frecce su e giù per scegliere, Invio per aggiungere.');
    expect(await searchStatus(page).getAttribute('role')).toBe('status');
    const input = searchField(page);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeId = await input.getAttribute('aria-activedescendant');
    expect(activeId).toBe(await results(page).nth(1).getAttribute('id'));
    expect(await results(page).nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await results(page).nth(0).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await results(page).nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    // The focus never left the field.
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await row(page, 1).getByLabel('Nome, Componente 1').inputValue()).toBe(FANS[1]!.title);
    expect(await row(page, 1).getByLabel('Tipo, Componente 1').inputValue()).toBe('Other');
    expect(await focusedText(page)).toBe('Cerca su Amazon');

    // Escape closes without adding anything.
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.type('ryzen');
    await expect.poll(() => results(page).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    expect(await focusedText(page)).toBe('Cerca su Amazon');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("'Carica altri' appends the next page, then goes; a late answer about older words never replaces the newer one", async () => {
    const page = await openEditor('/admin/builds/new');
    const requests = recordRetailerRequests(page);
    await page.getByRole('button', { name: 'Cerca su Amazon' }).click();
    await searchField(page).fill('ventola');
    await expect.poll(() => results(page).count()).toBe(10);
    const more = dialog(page).getByRole('button', { name: 'Carica altri' });
    await more.click();
    await expect.poll(() => results(page).count()).toBe(12);
    expect(await results(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-asin')))).toEqual(FANS.map((fan) => fan.asin));
    expect(await more.count()).toBe(0);
    // The button went with the last page: the focus is back in the field, not lost.
    expect(await searchField(page).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(plain(await searchStatus(page).textContent())).toMatch(/^12 risultati per "ventola"\./);
    expect(requests.map((request) => new URL(request.url()).search)).toEqual(['?q=ventola&page=1', '?q=ventola&page=2']);

    // The answer for 'corsair' is held; 'ryzen' is typed meanwhile and answered first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/admin/retailer/search' && url.searchParams.get('q') === 'corsair',
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(`${new URL(request.url()).searchParams.get('q')}: ${request.failure()?.errorText}`));
    await searchField(page).fill('corsair');
    await expect.poll(() => searchesOf(requests).at(-1)).toBe('corsair');
    await searchField(page).fill('ryzen');
    await expect.poll(() => results(page).count()).toBe(1);
    expect(await results(page).first().getAttribute('data-asin')).toBe(CPU.asin);
    // The older search was aborted by the newer one.
    await expect.poll(() => aborted).toEqual(['corsair: net::ERR_ABORTED']);
    release();
    await page.waitForTimeout(300);
    expect(await results(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-asin')))).toEqual([CPU.asin]);
    expect(plain(await searchStatus(page).textContent())).toMatch(/^1 risultato per "ryzen"\./);

    // Nothing found, and an empty field: said in words, no request for nothing.
    await searchField(page).fill('introvabile');
    await expect.poll(() => searchStatus(page).textContent()).toBe('Nessun prodotto trovato su Amazon per "introvabile".');
    const sent = requests.length;
    await searchField(page).fill('  ');
    await expect.poll(() => searchStatus(page).textContent()).toBe('Scrivi almeno una parola per cercare su Amazon.');
    await page.waitForTimeout(400);
    expect(requests.length).toBe(sent);
    expect(await results(page).count()).toBe(0);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("'Sostituisci con un prodotto Amazon' gives a component another product, keeping its place and type; saved", async () => {
    const build = await apiCreateBuild(e2e.url, token, {
      title: 'Build da aggiornare',
      components: [
        { type: 'Cooler', name: 'Noctua NH-D15', brand: 'Noctua', model: 'NH-D15', specs: 'Doppia torre', price: 99.9, amazon_link: 'https://www.amazon.it/dp/B0OLDCOOL1' },
        { type: 'CPU', name: 'Intel Core i5', price: 200 },
      ],
    });
    const [cooler] = build.components;
    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const card = await openCard(page, 1);
    await card.getByRole('button', { name: 'Sostituisci con un prodotto Amazon' }).click();
    await dialog(page).waitFor();
    expect(await dialog(page).getByRole('heading').textContent()).toBe('Sostituisci Componente 1 con un prodotto Amazon');
    await searchField(page).fill('ventola modello 3');
    await expect.poll(() => results(page).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Sostituisci con un prodotto Amazon');
    expect(plain(await page.getByTestId('components-notice').locator('p').first().textContent())).toBe(`Componente 1 sostituito con ${FANS[2]!.title}.`);
    expect(await cardValue(page, 1, 'Tipo')).toBe('Cooler');
    expect(await cardValue(page, 1, 'Nome')).toBe(FANS[2]!.title);
    expect(await cardValue(page, 1, 'Modello')).toBe('');
    expect(await cardValue(page, 1, 'Specifiche')).toBe('');
    expect(await cardValue(page, 1, 'ASIN')).toBe(FANS[2]!.asin);
    expect(await row(page, 2).getByLabel('Nome, Componente 2').inputValue()).toBe('Intel Core i5');

    await saveButton(page).click();
    await expect.poll(() => page.getByTestId('save-notice').locator('p').textContent()).toBe('Build aggiornata con successo!');
    const saved = await apiGetBuild(e2e.url, token, build.id);
    expect(saved.components[0]).toMatchObject({ id: cooler!.id, type: 'Cooler', name: FANS[2]!.title, brand: 'Arctic', model: null, asin: FANS[2]!.asin, price: 7, image_url: fakeImageUrl(FANS[2]!.asin, 500) });
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('lookup of a pasted link', () => {
  it('paste a link: the empty fields are filled, what the author typed is kept; an unknown product says why', async () => {
    const page = await openEditor('/admin/builds/new');
    await opened!.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    const requests = recordRetailerRequests(page);
    await field(page, 'Titolo').fill('Build con link incollati');
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    const card = await openCard(page, 1);
    await card.getByLabel('Nome', { exact: true }).fill('Il mio alimentatore');
    await card.getByLabel('Tipo', { exact: true }).selectOption('PSU');

    const link = card.getByLabel('Link Amazon', { exact: true });
    await page.evaluate((text) => navigator.clipboard.writeText(text), `https://www.amazon.it/dp/${PSU.asin}`);
    await link.focus();
    await page.keyboard.press('ControlOrMeta+V');
    const status = card.getByTestId('lookup-status');
    await expect.poll(() => status.textContent()).toBe('Dati caricati da Amazon: marca, prezzo, immagine.');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await card.getByLabel('Nome', { exact: true }).inputValue()).toBe('Il mio alimentatore');
    expect(await card.getByLabel('Tipo', { exact: true }).inputValue()).toBe('PSU');
    expect(await card.getByLabel('Marca', { exact: true }).inputValue()).toBe('Corsair');
    expect(await card.getByLabel('Prezzo (€)', { exact: true }).inputValue()).toBe('119.9');
    expect(await card.getByLabel('ASIN', { exact: true }).inputValue()).toBe(PSU.asin);
    expect(await link.inputValue()).toBe(`https://www.amazon.it/dp/${PSU.asin}`);
    expect(await card.getByTestId('component-thumbnail').getAttribute('src')).toBe(fakeImageUrl(PSU.asin, 500));
    // Leaving the field after the paste does not ask again.
    await link.blur();
    expect(requests.map((request) => new URL(request.url()).pathname)).toEqual([`/api/admin/retailer/items/${encodeURIComponent(`https://www.amazon.it/dp/${PSU.asin}`)}`]);

    // An ASIN typed in the link of a blank component: every field, the type included, and a real link.
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    const second = await openCard(page, 2);
    await second.getByLabel('Link Amazon', { exact: true }).fill(GPU.asin);
    await second.getByLabel('Link Amazon', { exact: true }).blur();
    await expect.poll(() => second.getByTestId('lookup-status').textContent()).toBe('Dati caricati da Amazon: tipo, nome, marca, specifiche, prezzo, link, ASIN, immagine.');
    expect(await second.getByLabel('Tipo', { exact: true }).inputValue()).toBe('GPU');
    expect(await second.getByLabel('Link Amazon', { exact: true }).inputValue()).toBe(`https://www.amazon.it/dp/${GPU.asin}?tag=buildpc-21`);

    // A product Amazon does not know: the server's Italian message, nothing filled.
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    const third = await openCard(page, 3);
    await third.getByLabel('Link Amazon', { exact: true }).fill('https://www.amazon.it/dp/B0NOTFOUND');
    await third.getByLabel('Link Amazon', { exact: true }).blur();
    await expect.poll(() => third.getByTestId('lookup-status').textContent()).toBe("Prodotto B0NOTFOUND non trovato su Amazon: controlla l'ASIN o il link");
    expect(await third.getByLabel('Nome', { exact: true }).inputValue()).toBe('');
    await third.getByLabel('Nome', { exact: true }).fill('Prodotto a mano');
    // A typing slip is not sent to the retailer (the save's check points it out).
    await third.getByLabel('Link Amazon', { exact: true }).fill('non-un-link');
    await third.getByLabel('Link Amazon', { exact: true }).blur();
    await third.getByLabel('Link Amazon', { exact: true }).fill('https://www.amazon.it/dp/B0NOTFOUND');
    const lookups = requests.length;
    expect(lookups).toBe(3);

    const id = await saveNew(page);
    // The save runs no lookup again (it would fill fields emptied since).
    expect(requests.length).toBe(lookups);
    const build = await apiGetBuild(e2e.url, token, id);
    expect(build.components.map(({ name, brand, price, asin, image_url }) => ({ name, brand, price, asin, image_url }))).toEqual([
      { name: 'Il mio alimentatore', brand: 'Corsair', price: 119.9, asin: PSU.asin, image_url: fakeImageUrl(PSU.asin, 500) },
      { name: GPU.title, brand: 'ASUS', price: 479.9, asin: GPU.asin, image_url: fakeImageUrl(GPU.asin, 500) },
      { name: 'Prodotto a mano', brand: null, price: null, asin: 'B0NOTFOUND', image_url: null },
    ]);
    expect(unexpectedErrors(opened!.errors, [404])).toEqual([]);
  });
});

describe('price history in the editor', () => {
  it('a sparkline per component with a history, named in words, and the build total over time', async () => {
    const build = await apiCreateBuild(e2e.url, token, {
      title: 'Build con storico',
      components: [
        { type: 'CPU', name: 'Ryzen con storico', price: 300, amazon_link: 'https://www.amazon.it/dp/B0HISTCPU1' },
        { type: 'Case', name: 'Case senza storico', price: 80 },
      ],
    });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const db = e2e.runtime.database.db;
    for (const [age, price] of [
      [20, 320],
      [10, 280],
      [2, 300],
    ] as const) {
      await db.transaction().execute((trx) => storeObservations(trx, systemClock, [{ asin: 'B0HISTCPU1', priceCents: price * 100, availability: 'IN_STOCK' }], day(age)));
    }

    const page = await openEditor(`/admin/builds/edit/${build.id}`);
    const sparkline = row(page, 1).getByTestId('component-sparkline');
    await sparkline.waitFor();
    expect(await sparkline.getAttribute('role')).toBe('img');
    const label = await sparkline.getAttribute('aria-label');
    expect(plain(label)).toMatch(/^Prezzo da 320,00 € a 300,00 €, minimo 280,00 € \(3 rilevazioni dal \d+ \S+ \d{4} al \d+ \S+ \d{4}\)$/);
    expect([await sparkline.getAttribute('width'), await sparkline.getAttribute('height')]).toEqual(['72', '20']);
    expect(await row(page, 2).getByTestId('component-sparkline').count()).toBe(0);
    const total = page.getByTestId('total-history');
    expect(plain(await total.getAttribute('aria-label'))).toMatch(/^Totale della build da 400,00 € a 380,00 €, minimo 360,00 € \(3 rilevazioni/);
    // The open card draws it wider, with the same words.
    expect(await (await openCard(page, 1)).getByTestId('component-card-sparkline').getAttribute('aria-label')).toBe(label);

    // Another product in the form: the old product's history is not drawn for it.
    await (await openCard(page, 1)).getByLabel('Link Amazon', { exact: true }).fill('https://www.amazon.it/dp/B0HISTOTHR');
    expect(await row(page, 1).getByTestId('component-card-sparkline').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

describe('retailer not configured', () => {
  let bare: E2EContext;
  beforeAll(async () => {
    bare = await startE2E();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('a hint names the missing setup, no search is offered, and pasted links are not looked up', async () => {
    const page = await openEditor('/admin/builds/new', bare);
    const requests = recordRetailerRequests(page);
    const hint = page.getByTestId('retailer-search-hint');
    await hint.waitFor();
    expect(await hint.locator('p').allTextContents()).toEqual([
      'Ricerca su Amazon non disponibile: la Amazon Creators API non è configurata.',
      'Amazon Creators API non configurata: imposta AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET e AMAZON_CREDENTIAL_VERSION',
    ]);
    expect(await page.getByRole('button', { name: 'Cerca su Amazon' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    const card = await openCard(page, 1);
    expect(await card.getByRole('button', { name: 'Sostituisci con un prodotto Amazon' }).count()).toBe(0);
    await card.getByLabel('Nome', { exact: true }).fill('Scheda a mano');
    await card.getByLabel('Link Amazon', { exact: true }).fill(`https://www.amazon.it/dp/${GPU.asin}`);
    await card.getByLabel('Link Amazon', { exact: true }).blur();
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
    expect(await card.getByTestId('lookup-status').textContent()).toBe('');
    expect(await card.getByLabel('Marca', { exact: true }).inputValue()).toBe('');
    // The build saves as before, the link and ASIN as typed.
    await field(page, 'Titolo').fill('Build senza Amazon');
    const id = await saveNew(page);
    expect((await apiGetBuild(bare.url, await apiLogin(bare.url), id)).components[0]).toMatchObject({ name: 'Scheda a mano', asin: GPU.asin, image_url: null });
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

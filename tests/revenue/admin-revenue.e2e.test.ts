/**
 * /admin/revenue, "Guadagni" (decision 045), in Chromium at phone and desktop size: the report is chosen in
 * the form's file field (or dropped on it) and imported, the figures show with their method, a report with
 * an unknown column asks for it once, an import is undone through the admin's dialog; axe finds nothing
 * serious in any of these states.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';
import { HEADERS_EN, reportText } from './report-fixtures';
import { DEFAULT_TAG, OCTOBER, OCTOBER_PERIOD, seedCatalogue } from './revenue-fixture';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E({ DEFAULT_AFFILIATE_TAG: DEFAULT_TAG });
  await seedCatalogue(e2e.runtime.database.db);
}, 120_000);
afterAll(() => e2e?.close());
// Each test starts without imports, whatever the one before left.
beforeEach(async () => {
  for (const table of ['revenue_shares', 'revenue_day_owners', 'revenue_rows', 'revenue_imports', 'revenue_header_mappings'] as const) await e2e.runtime.database.db.deleteFrom(table).execute();
});

const OCTOBER_QUERY = `?from=${OCTOBER_PERIOD.from}&to=${OCTOBER_PERIOD.to}`;

async function chooseReport(page: Page, name: string, text: string) {
  await page.getByLabel(/File del report/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe('the Guadagni screen', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`imports a report, shows the figures with their method, maps a column once and undoes (${name})`, async () => {
      const opened = await newPage(e2e.browser, { viewport });
      try {
        const { page } = opened;
        await openAdmin(page, e2e.url, `/admin/revenue${OCTOBER_QUERY}`);
        await page.getByRole('heading', { name: 'Guadagni', level: 1 }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        // A plain multipart form: a file field named "file" and a submit button, what a browser posts without scripts.
        const form = page.getByTestId('revenue-upload').locator('form');
        expect(await form.getAttribute('method')).toBe('post');
        expect(await form.getAttribute('enctype')).toBe('multipart/form-data');
        expect(await form.locator('input[type="file"]').getAttribute('name')).toBe('file');

        await chooseReport(page, 'Fee-Earnings.csv', reportText(OCTOBER, { title: OCTOBER_PERIOD }));
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByText(/Report importato: 6 righe/).waitFor();
        await page.getByTestId('revenue-total-commissions').getByText('19,20 €').waitFor();
        const rows = page.getByTestId('revenue-build-row');
        await expect.poll(() => rows.count()).toBe(3);
        expect(await rows.filter({ hasText: 'PC gaming con tag proprio' }).innerText()).toMatch(/esatto[\s\S]*5,70\s€/);
        expect(await rows.filter({ hasText: 'PC ufficio' }).innerText()).toMatch(/stimato[\s\S]*8,63\s€/);
        await page.getByTestId('revenue-unattributed').getByText('=HYPERLINK("http://example.invalid/x","clic")').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Nothing scrolls sideways but the tables' own regions.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        // A report whose Ad Fees column has another name: the form asks for it, then imports.
        const headers = HEADERS_EN.map((header) => (header === 'Ad Fees(€)' ? 'Compenso(€)' : header));
        await chooseReport(page, 'rinominato.csv', reportText(OCTOBER.slice(0, 2), { headers, title: { from: '2026-11-01', to: '2026-11-02' } }).replace(/2026-10-0[34]/g, '2026-11-01'));
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByText('Nel file manca la colonna obbligatoria «Ad Fees (commissioni)»').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByLabel('Ad Fees (commissioni)').selectOption('Compenso(€)');
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByText(/Report importato: 2 righe/).waitFor();

        // Undo the newest import through the dialog.
        const imports = page.getByTestId('revenue-import');
        await expect.poll(() => imports.count()).toBe(2);
        await imports.first().getByRole('button', { name: /Annulla/ }).click();
        const dialog = page.getByTestId('revenue-undo-dialog');
        await dialog.waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: "Annulla l'importazione" }).click();
        await page.getByText(/Importazione annullata/).waitFor();
        await expect.poll(() => page.getByTestId('revenue-import').count()).toBe(1);

        // Clean up for the other viewport: undo the October import too.
        await page.getByTestId('revenue-import').first().getByRole('button', { name: /Annulla/ }).click();
        await page.getByTestId('revenue-undo-dialog').getByRole('button', { name: "Annulla l'importazione" }).click();
        await page.getByText('Nessun report importato.').waitFor();
        expect(unexpectedErrors(opened.errors, [400])).toEqual([]);
      } finally {
        await opened.context.close();
      }
    });
  }

  it('a file dropped on the form fills its file field', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      const { page } = opened;
      await openAdmin(page, e2e.url, '/admin/revenue');
      await page.getByRole('heading', { name: 'Guadagni', level: 1 }).waitFor();
      const text = reportText(OCTOBER, { title: OCTOBER_PERIOD });
      await page.getByTestId('revenue-dropzone').evaluate((zone, content) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content], 'trascinato.csv', { type: 'text/csv' }));
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, text);
      await page.getByTestId('revenue-chosen').getByText('trascinato.csv').waitFor();
      expect(await page.getByLabel(/File del report/).evaluate((input) => (input as HTMLInputElement).files?.[0]?.name)).toBe('trascinato.csv');
      await page.getByRole('button', { name: 'Importa il report' }).click();
      await page.getByText(/Report importato: 6 righe/).waitFor();
      expect(unexpectedErrors(opened.errors)).toEqual([]);
    } finally {
      await opened.context.close();
    }
  });
});

/**
 * Without JavaScript the admin app cannot run; its screens say so and link to the plain upload page
 * (decision 047), which signs in and imports with forms the browser posts itself.
 */
describe('the upload without JavaScript', () => {
  async function signInWithoutScripts(page: Page) {
    await page.goto(`${e2e.url}/admin/revenue`);
    await page.getByTestId('admin-noscript').getByRole('link', { name: 'importare un report dei guadagni' }).click();
    await page.getByRole('heading', { name: 'Importa un report dei guadagni', level: 1 }).waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Adm1n!Secure#2026');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByText(/Accesso come/).waitFor();
  }

  for (const { name, viewport } of VIEWPORTS) {
    it(`signs in, imports, maps a column and signs out with plain forms (${name})`, async () => {
      const opened = await newPage(e2e.browser, { viewport, javaScriptEnabled: false });
      try {
        const { page } = opened;
        await signInWithoutScripts(page);
        await chooseReport(page, 'Fee-Earnings.csv', reportText(OCTOBER, { title: OCTOBER_PERIOD }));
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByTestId('revenue-upload-notice').getByText(/Report importato: 6 righe/).waitFor();

        // The browser cannot keep a chosen file across a post: the page asks for the column and the file again.
        const headers = HEADERS_EN.map((header) => (header === 'Ad Fees(€)' ? 'Compenso(€)' : header));
        const renamed = reportText(OCTOBER.slice(0, 2), { headers, title: { from: '2026-11-01', to: '2026-11-02' } }).replace(/2026-10-0[34]/g, '2026-11-01');
        await chooseReport(page, 'rinominato.csv', renamed);
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByText('Nel file manca la colonna obbligatoria «Ad Fees (commissioni)»').waitFor();
        await page.getByLabel('Ad Fees (commissioni)').selectOption('Compenso(€)');
        await chooseReport(page, 'rinominato.csv', renamed);
        await page.getByRole('button', { name: 'Importa il report' }).click();
        await page.getByTestId('revenue-upload-notice').getByText(/Report importato: 2 righe/).waitFor();

        const imports = await e2e.runtime.services.revenue.listImports();
        expect(imports.map((row) => [row.file_name, row.imported_by])).toEqual([
          ['rinominato.csv', 'admin'],
          ['Fee-Earnings.csv', 'admin'],
        ]);
        expect((await e2e.runtime.services.revenue.overview(OCTOBER_PERIOD)).total.commissions).toBe(19.2);

        await page.getByRole('button', { name: 'Esci' }).click();
        await page.getByRole('button', { name: 'Accedi' }).waitFor();
        expect(unexpectedErrors(opened.errors, [400])).toEqual([]);
      } finally {
        await opened.context.close();
      }
    });
  }

  it('the plain page is axe clean at phone and desktop size, signed out and signed in', async () => {
    for (const { viewport } of VIEWPORTS) {
      const opened = await newPage(e2e.browser, { viewport });
      try {
        const { page } = opened;
        await page.goto(`${e2e.url}/admin/revenue/upload`);
        await page.getByRole('button', { name: 'Accedi' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByLabel('Username').fill('admin');
        await page.getByLabel('Password').fill('Adm1n!Secure#2026');
        await page.getByRole('button', { name: 'Accedi' }).click();
        await page.getByTestId('revenue-upload').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(unexpectedErrors(opened.errors)).toEqual([]);
      } finally {
        await opened.context.close();
      }
    }
  });
});

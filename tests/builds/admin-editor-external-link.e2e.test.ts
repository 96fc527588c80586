/**
 * The build editor's component card says when a link is not Amazon's (common/amazon-hosts.ts): a
 * look-alike host is an ordinary external link, so no ASIN is read from it and the card notes that it gets
 * neither the affiliate tag nor the cart; a real amazon.it link gives its ASIN and no note.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

const NOTE = 'Link esterno: non è un prodotto Amazon, niente tag affiliato né carrello';

let e2e: E2EContext;
let opened: OpenedPage | undefined;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('component link in the editor', () => {
  it('notes a look-alike of Amazon as an external link and reads no ASIN from it; an amazon.it link has its ASIN and no note', async () => {
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    const { page } = opened;
    await openAdmin(page, e2e.url, '/admin/builds/new');
    await page.getByTestId('build-editor').waitFor();
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    const card = page.getByTestId('component-card');
    const link = card.getByLabel('Link Amazon', { exact: true });
    const asin = card.getByLabel('ASIN', { exact: true });
    const note = card.getByTestId('external-link-note');
    expect(await note.count()).toBe(0);

    await link.pressSequentially('https://amazon.ab.cd/dp/B0FAKE0001');
    expect(await note.textContent()).toBe(NOTE);
    expect(await asin.inputValue()).toBe('');

    await link.fill('https://amazon.it@evil.com/dp/B0FAKE0002');
    expect(await note.textContent()).toBe(NOTE);
    expect(await asin.inputValue()).toBe('');

    await link.fill('https://www.amazon.it/dp/B0REAL0001');
    await expect.poll(() => asin.inputValue()).toBe('B0REAL0001');
    expect(await note.count()).toBe(0);

    // Neither a link being typed that is not a web address yet, nor an empty field, is called external.
    await link.fill('amazon');
    expect(await note.count()).toBe(0);
    await link.fill('');
    expect(await note.count()).toBe(0);
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });
});

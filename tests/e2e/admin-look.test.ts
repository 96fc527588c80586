/**
 * Controls that looked like something else (issue 14, item 14), checked on computed styles in Chromium:
 * 'Esci' is a button, not a text field; a selected alternatives group shows one background on hover;
 * the password 'Mostra'/'Nascondi' toggle keeps the field's width.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from './harness';
import { apiCreateCategory, apiLogin, openAdmin } from './admin-helpers';

let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function open(path: string): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, path, token);
  return opened.page;
}

const style = (locator: Locator, property: string) => locator.evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);

describe('admin controls look like what they are', () => {
  it("'Esci' has no field border and centres nothing like typed text: a plain menu button like 'Visualizza Sito'", async () => {
    const page = await open('/admin');
    const logout = page.getByRole('button', { name: 'Esci' });
    const viewSite = page.getByRole('link', { name: 'Visualizza Sito' });
    expect(await style(logout, 'border-top-width')).toBe('0px');
    expect(await style(logout, 'border-top-width')).toBe(await style(viewSite, 'border-top-width'));
    expect(await style(logout, 'padding-left')).toBe(await style(viewSite, 'padding-left'));
  });

  it('a selected group card has one background colour, hovered or not', async () => {
    const group = await apiCreateCategory<{ id: number; name: string }>(e2e.url, token, { name: 'Schede madri AM5', description: null, componentType: 'Motherboard' });
    const page = await open('/admin/alternatives');
    const card = page.locator(`[data-testid="category-item"][data-category-id="${group.id}"]`);
    const select = card.getByTestId('category-select');
    await select.click();
    await expect.poll(() => select.getAttribute('aria-current')).toBe('true');
    await select.hover();
    const cardBackground = await style(card, 'background-color');
    const buttonBackground = await style(select, 'background-color');
    // The button paints nothing of its own over the card (transparent), so the whole card is one colour.
    expect(buttonBackground).toBe('rgba(0, 0, 0, 0)');
    expect(cardBackground).not.toBe('rgba(0, 0, 0, 0)');
  });

  it("the password field keeps its width when 'Mostra' becomes 'Nascondi'", async () => {
    const page = await open('/admin/change-password');
    const field = page.getByLabel('Password corrente', { exact: true });
    const before = (await field.boundingBox())!.width;
    await page.getByRole('button', { name: 'Mostra password' }).first().click();
    await page.getByRole('button', { name: 'Nascondi password' }).first().waitFor();
    expect((await field.boundingBox())!.width).toBe(before);
  });
});

/**
 * Controls that looked like something else, checked on computed styles in Chromium:
 * 'Esci' is a button, not a text field; a selected alternatives group shows one background on hover, in
 * the light and the dark theme; the password 'Mostra'/'Nascondi' toggle keeps the field's width.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateCategory, apiLogin, htmlClasses, openAdmin, storeAdminTheme } from '../e2e/admin-helpers';

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

/** Opens `path` in the admin; `darkMode` ('true' | 'false') is the stored theme choice, when given. */
async function open(path: string, darkMode?: string): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  if (darkMode !== undefined) await storeAdminTheme(opened.page, e2e.url, darkMode);
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

  it.each([
    { theme: 'light', stored: 'false' },
    { theme: 'dark', stored: 'true' },
  ])('a selected group card has one background colour, hovered or not; an unselected one still shows the hover ($theme theme)', async ({ theme, stored }) => {
    const group = await apiCreateCategory<{ id: number; name: string }>(e2e.url, token, { name: `Schede madri AM5 (${theme})`, description: null, componentType: 'Motherboard' });
    const other = await apiCreateCategory<{ id: number; name: string }>(e2e.url, token, { name: `Dissipatori (${theme})`, description: null, componentType: 'Cooler' });
    const page = await open('/admin/alternatives', stored);
    expect((await htmlClasses(page)).includes('dark')).toBe(theme === 'dark');
    const cardOf = (id: number) => page.locator(`[data-testid="category-item"][data-category-id="${id}"]`);
    const card = cardOf(group.id);
    const select = card.getByTestId('category-select');
    await select.click();
    await expect.poll(() => select.getAttribute('aria-current')).toBe('true');

    /** The card's and its select button's backgrounds, with the pointer away, then on the button. */
    const backgrounds = async (target: Locator) => {
      const button = target.getByTestId('category-select');
      await page.mouse.move(0, 0);
      const away = { card: await style(target, 'background-color'), button: await style(button, 'background-color') };
      await button.hover();
      const hovered = { card: await style(target, 'background-color'), button: await style(button, 'background-color') };
      return { away, hovered };
    };

    // The button paints nothing of its own over the card (transparent), so the whole card is one colour,
    // the selected card's, the same before and during the hover.
    const selected = await backgrounds(card);
    expect(selected.away.button).toBe('rgba(0, 0, 0, 0)');
    expect(selected.hovered.button).toBe('rgba(0, 0, 0, 0)');
    expect(selected.away.card).not.toBe('rgba(0, 0, 0, 0)');
    expect(selected.hovered.card).toBe(selected.away.card);

    // An unselected card still answers the hover, as a whole card.
    const unselected = await backgrounds(cardOf(other.id));
    expect(unselected.hovered.card).not.toBe(unselected.away.card);
    expect(unselected.hovered.card).not.toBe(selected.away.card);
    expect(unselected.away.button).toBe('rgba(0, 0, 0, 0)');
    expect(unselected.hovered.button).toBe('rgba(0, 0, 0, 0)');
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

/**
 * Public light/dark theme (product spec, "States and transitions": stored choice wins, else the system
 * preference; follows the system only while nothing is stored; default dark), the mobile menu, and the build
 * cards' staggered entrance (0.1 s per card, none with reduced motion). Public pages are documents (decision
 * 017): the theme works through the <head> script and the page script, the menu is a <details> that also
 * works with JavaScript off.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { accessibleNode, type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from './harness';
import { expectNoErrors, listPublished, published } from './public-fixtures';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
async function open(options: BrowserContextOptions): Promise<Page> {
  opened = await newPage(e2e.browser, options);
  return opened.page;
}
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

/**
 * Records the <html> classes at the moment <body> is parsed: after the inline theme script in <head>,
 * before the first paint of any content and before the page script at the end of <body> runs.
 */
const RECORD_FIRST_PAINT_CLASS = `(() => {
  const observer = new MutationObserver(() => {
    if (document.body && !('__firstPaintClass' in window)) {
      window.__firstPaintClass = document.documentElement.className;
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const firstPaintClasses = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __firstPaintClass?: string }).__firstPaintClass ?? '').split(/\s+/));

/**
 * Counts the page's listeners for system colour-scheme changes, so that tests about following the
 * system know the page script listens before they change the emulated scheme.
 */
const TRACK_SCHEME_LISTENERS = `(() => {
  const original = MediaQueryList.prototype.addEventListener;
  window.__schemeListeners = 0;
  MediaQueryList.prototype.addEventListener = function (type, ...rest) {
    if (type === 'change' && this.media.includes('prefers-color-scheme')) window.__schemeListeners += 1;
    return original.call(this, type, ...rest);
  };
})();`;

const waitForSchemeListener = (page: Page) =>
  page.waitForFunction(() => ((window as unknown as { __schemeListeners?: number }).__schemeListeners ?? 0) > 0);

/** The visible theme toggle: in the desktop header, or inside the mobile menu (opened first). */
async function themeToggle(page: Page, mobile: boolean) {
  if (mobile) {
    if (!(await page.locator('header details').evaluate((menu) => (menu as HTMLDetailsElement).open))) await page.getByTestId('menu-button').click();
    return page.locator('#mobile-menu').getByTestId('theme-toggle');
  }
  return page.locator('header nav[aria-label="Principale"]').getByTestId('theme-toggle');
}

/** Waits until the page has seen the (emulated) colour-scheme change, so a non-change can be asserted. */
async function emulateScheme(page: Page, colorScheme: 'light' | 'dark') {
  const seen = page.evaluate(
    (scheme) =>
      new Promise<void>((resolve) => {
        const query = window.matchMedia(`(prefers-color-scheme: ${scheme})`);
        if (query.matches) return resolve();
        query.addEventListener('change', () => resolve(), { once: true });
      }),
    colorScheme,
  );
  await page.emulateMedia({ colorScheme });
  await seen;
}

/** The menu button as assistive technologies get it: a disclosure button named "Menu", with its state. */
const menuButtonState = (page: Page) => accessibleNode(page, '[data-testid="menu-button"]');

describe('theme without a stored choice follows the system', () => {
  it.each([
    { colorScheme: 'dark' as const, dark: true },
    { colorScheme: 'light' as const, dark: false },
  ])('system $colorScheme -> dark class $dark, before first paint too', async ({ colorScheme, dark }) => {
    const page = await open({ viewport: VIEWPORTS[1].viewport, colorScheme });
    await page.addInitScript(RECORD_FIRST_PAINT_CLASS);
    await page.goto(`${e2e.url}/`);
    const first = await firstPaintClasses(page);
    expect(first.includes('dark')).toBe(dark);
    expect(first).toContain('js'); // the toggle is shown from the first paint
    expect(await isDark(page)).toBe(dark);
    expect(await stored(page)).toBeNull();
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe(dark ? 'dark' : 'light');
    expectNoErrors(opened!.errors);
  });

  it('defaults to dark when the system states no preference', async () => {
    // Chromium cannot emulate 'no-preference' (it reports light), so the page sees a system without one.
    const page = await open({ viewport: VIEWPORTS[1].viewport, colorScheme: 'light' });
    await page.addInitScript(() => {
      window.matchMedia = (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      });
    });
    await page.addInitScript(RECORD_FIRST_PAINT_CLASS);
    await page.goto(`${e2e.url}/`);
    expect(await firstPaintClasses(page)).toContain('dark');
    expect(await isDark(page)).toBe(true);
    expect(await stored(page)).toBeNull();
    expectNoErrors(opened!.errors);
  });

  it('changes live with the system preference while nothing is stored', async () => {
    const page = await open({ viewport: VIEWPORTS[1].viewport, colorScheme: 'dark' });
    await page.addInitScript(TRACK_SCHEME_LISTENERS);
    await page.goto(`${e2e.url}/`);
    await waitForSchemeListener(page);
    expect(await isDark(page)).toBe(true);
    await emulateScheme(page, 'light');
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await emulateScheme(page, 'dark');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await stored(page)).toBeNull();
    expectNoErrors(opened!.errors);
  });
});

describe.each(VIEWPORTS)('theme toggle at $name', ({ viewport, mobile }) => {
  it.each([
    { system: 'dark' as const, afterClick: 'light' as const },
    { system: 'light' as const, afterClick: 'dark' as const },
  ])('system $system: toggling stores "$afterClick", which wins after reload, on other pages and over system changes', async ({ system, afterClick }) => {
    const page = await open({ viewport, colorScheme: system });
    await page.addInitScript(RECORD_FIRST_PAINT_CLASS);
    await page.addInitScript(TRACK_SCHEME_LISTENERS);
    await page.goto(`${e2e.url}/`);
    expect(await isDark(page)).toBe(system === 'dark');

    const toggle = await themeToggle(page, mobile);
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-label')).toBe('Cambia tema chiaro/scuro');
    await toggle.click();
    expect(await isDark(page)).toBe(afterClick === 'dark');
    expect(await stored(page)).toBe(afterClick);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe(afterClick);

    // After a reload the stored choice beats the system preference, already before the first paint.
    await page.reload();
    expect((await firstPaintClasses(page)).includes('dark')).toBe(afterClick === 'dark');
    expect(await isDark(page)).toBe(afterClick === 'dark');

    // With a stored choice, system changes no longer apply (the page is listening to them).
    await waitForSchemeListener(page);
    await emulateScheme(page, afterClick === 'dark' ? 'light' : 'dark');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await isDark(page)).toBe(afterClick === 'dark');
    expect(await stored(page)).toBe(afterClick);

    // Toggling again flips back and stores the other value; it also holds on another page, from its first paint.
    await (await themeToggle(page, mobile)).click();
    expect(await isDark(page)).toBe(afterClick !== 'dark');
    expect(await stored(page)).toBe(afterClick === 'dark' ? 'light' : 'dark');
    const [build] = await listPublished(e2e.url);
    await page.goto(`${e2e.url}/build/${build!.slug}`);
    expect((await firstPaintClasses(page)).includes('dark')).toBe(afterClick !== 'dark');
    await page.goto(`${e2e.url}/qualcosa/che/non/esiste`);
    expect(await isDark(page)).toBe(afterClick !== 'dark');
    expectNoErrors(opened!.errors, [`${e2e.url}/qualcosa/che/non/esiste`]);
  });
});

describe('theme toggle without JavaScript', () => {
  it.each(VIEWPORTS)('is not offered at $name, where it could not work; the page keeps the default dark theme', async ({ viewport, mobile }) => {
    const page = await open({ viewport, colorScheme: 'light', javaScriptEnabled: false });
    await page.goto(`${e2e.url}/`);
    expect(await page.getByTestId('theme-toggle').count()).toBe(2); // in the HTML, hidden
    if (mobile) await page.getByTestId('menu-button').click();
    expect(await page.locator('#mobile-menu').getByText('Tema').isVisible()).toBe(false);
    for (const toggle of await page.getByTestId('theme-toggle').all()) expect(await toggle.isVisible()).toBe(false);
    expect(await isDark(page)).toBe(true); // what the server writes, with no script to apply the system's
    expectNoErrors(opened!.errors);
  });
});

describe.each([
  { javaScript: true, name: 'with JavaScript' },
  { javaScript: false, name: 'without JavaScript' },
])('mobile menu at 390x844 $name', ({ javaScript }) => {
  const { viewport } = VIEWPORTS[0];

  it('hides the desktop nav; the menu button opens #mobile-menu with the links, and closes it again', async () => {
    const page = await open({ viewport, javaScriptEnabled: javaScript });
    await page.goto(`${e2e.url}/`);

    expect(await page.locator('header nav[aria-label="Principale"]').isVisible()).toBe(false);
    const button = page.getByTestId('menu-button');
    expect(await button.isVisible()).toBe(true);
    expect(await menuButtonState(page)).toEqual({ role: 'DisclosureTriangle', name: 'Menu', expanded: false });
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    expect(await menuButtonState(page)).toEqual({ role: 'DisclosureTriangle', name: 'Menu', expanded: true });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-label')).toBe('Menu mobile');
    const home = menu.getByRole('link', { name: 'Home', exact: true });
    const builds = menu.getByRole('link', { name: 'Build', exact: true });
    expect(await home.isVisible()).toBe(true);
    expect(await home.getAttribute('href')).toBe('/');
    expect(await builds.isVisible()).toBe(true);
    expect(await builds.getAttribute('href')).toBe('/#builds');
    expect(await menu.getByTestId('theme-toggle').isVisible()).toBe(javaScript);
    expect(await menu.getByText('Tema').isVisible()).toBe(javaScript);

    // The same button closes it again.
    await button.click();
    expect((await menuButtonState(page)).expanded).toBe(false);
    expect(await menu.isVisible()).toBe(false);

    // From the keyboard too: Enter on the focused button.
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(false);
    expectNoErrors(opened!.errors);
  });

  it('a link of the menu leads to its page', async () => {
    const [build] = await listPublished(e2e.url);
    const page = await open({ viewport, javaScriptEnabled: javaScript });
    await page.goto(`${e2e.url}/build/${build!.slug}`);
    await page.getByTestId('menu-button').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Build', exact: true }).click();
    await page.waitForURL(`${e2e.url}/#builds`);
    await page.locator('#builds .build-card').first().waitFor();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false); // a new document, its menu closed
    expectNoErrors(opened!.errors);
  });
});

describe('mobile menu at 390x844: what the page script adds', () => {
  const { viewport } = VIEWPORTS[0];

  it('Escape closes it and puts the focus back on its button', async () => {
    const page = await open({ viewport });
    await page.goto(`${e2e.url}/`);
    await page.getByTestId('menu-button').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    expectNoErrors(opened!.errors);
  });

  it('a click outside closes it', async () => {
    const page = await open({ viewport });
    await page.goto(`${e2e.url}/`);
    await page.getByTestId('menu-button').click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    await page.mouse.click(200, 700);
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
    expectNoErrors(opened!.errors);
  });

  it('a link to a place on the same page closes it (no new document would)', async () => {
    const page = await open({ viewport });
    await page.goto(`${e2e.url}/`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId('menu-button').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Build', exact: true }).click();
    await page.waitForURL(`${e2e.url}/#builds`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
    expect((await menuButtonState(page)).expanded).toBe(false);
    expectNoErrors(opened!.errors);
  });
});

describe('header at 1440x900', () => {
  it('shows the desktop nav with its links and theme toggle; no menu button', async () => {
    const page = await open({ viewport: VIEWPORTS[1].viewport });
    await page.goto(`${e2e.url}/`);
    expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    const nav = page.locator('header nav[aria-label="Principale"]');
    expect(await nav.isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Build', exact: true }).getAttribute('href')).toBe('/#builds');
    expect(await nav.getByTestId('theme-toggle').isVisible()).toBe(true);
    expectNoErrors(opened!.errors);
  });
});

describe.each(VIEWPORTS)('build cards animation at $name', ({ viewport }) => {
  it('staggers the cards by 0.1 s each', async () => {
    const page = await open({ viewport });
    await page.goto(`${e2e.url}/`);
    const styles = await page
      .locator('#builds .build-card')
      .evaluateAll((cards) => cards.map((card) => ({ name: getComputedStyle(card).animationName, delay: getComputedStyle(card).animationDelay })));
    expect(styles).toHaveLength(published.length);
    styles.forEach((style, index) => {
      expect(style.name).toBe('card-enter');
      expect(style.delay).toBe(`${Math.round(index * 10) / 100}s`);
    });
    expectNoErrors(opened!.errors);
  });

  it('does not animate with reduced motion', async () => {
    const page = await open({ viewport, reducedMotion: 'reduce' });
    await page.goto(`${e2e.url}/`);
    const names = await page.locator('#builds .build-card').evaluateAll((cards) => cards.map((card) => getComputedStyle(card).animationName));
    expect(names).toEqual(published.map(() => 'none'));
    expectNoErrors(opened!.errors);
  });
});

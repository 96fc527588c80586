/**
 * The home page in Chromium, as a document (decision 017): its cards open build pages as new documents;
 * its filters and pages are plain links with the query in the URL (?categoria, ?budget, ?pagina), 12
 * builds a page, with JavaScript on or off. Published builds are added through the admin API first, so
 * there are three pages. On a phone the filter chips scroll sideways in one line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { apiCreateBuild, apiLogin } from '../e2e/admin-helpers';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors, listPublished, published, type PublishedSummary, SPEC_TEXT } from '../e2e/public-fixtures';

/** Published builds in all: page 1 and 2 full, 2 builds on page 3. */
const TOTAL = 26;

let e2e: E2EContext;
let listed: PublishedSummary[];
beforeAll(async () => {
  e2e = await startE2E();
  const token = await apiLogin(e2e.url);
  for (let index = 1; index <= TOTAL - published.length; index += 1) {
    await apiCreateBuild(e2e.url, token, {
      title: `Build di prova ${String(index).padStart(2, '0')}`,
      description: 'Una build in più, per avere più pagine.',
      content: '## Prova',
      category: index % 4 === 0 ? 'office' : 'gaming',
      budget: index % 2 === 0 ? 1200 : 700,
      status: 'published',
      components: [{ type: 'CPU', name: `Processore ${index}`, price: 150 + index, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' }],
    });
  }
  listed = await listPublished(e2e.url); // newest first, the order of the home page
  expect(listed).toHaveLength(TOTAL);
}, 120_000);
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

const gridTitles = (page: Page) => page.locator('#builds [data-testid="build-grid"] h3').allTextContents();
const titles = (builds: PublishedSummary[]) => builds.map((build) => build.title);
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pagine' });
const pageLink = (page: Page, name: string) => pages(page).getByRole('link', { name, exact: true });
const categoryChip = (page: Page, name: string) => page.getByRole('group', { name: 'Categoria' }).getByRole('link', { name, exact: true });
const budgetChip = (page: Page, name: string) => page.getByRole('group', { name: 'Budget' }).getByRole('link', { name, exact: true });

/** Marks the current document; a link that loads a new one loses the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Follows a link (a new document) and waits for the URL it leads to. */
async function follow(page: Page, link: Locator, url: string) {
  await markDocument(page);
  await link.click();
  await page.waitForURL(`${e2e.url}${url}`);
  await page.locator('#builds h2').waitFor();
  expect(await sameDocument(page)).toBe(false);
}

describe('home page in Chromium', () => {
  it('page 1 lists the 12 newest builds; a card opens its build page as a new document', async () => {
    const page = await open();
    await page.goto(`${e2e.url}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SPEC_TEXT.heroTitle);
    expect(await gridTitles(page)).toEqual(titles(listed.slice(0, 12)));

    const card = page.locator('#builds h3 a').nth(3);
    await markDocument(page);
    await card.click();
    await page.waitForURL(`${e2e.url}/build/${listed[3]!.slug}`);
    await page.getByRole('heading', { level: 1, name: listed[3]!.title, exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(false);
    expectNoErrors(opened!.errors);
  });

  it.each([
    { javaScript: true, name: 'with JavaScript' },
    { javaScript: false, name: 'without JavaScript' },
  ])('pagination links $name: next shows builds 13 to 24, numbers mark the current page, previous goes back', async ({ javaScript }) => {
    const page = await open({ javaScriptEnabled: javaScript });
    await page.goto(`${e2e.url}/`);
    expect(await pageLink(page, 'Pagina 1').getAttribute('aria-current')).toBe('page');
    expect(await pageLink(page, 'Pagina precedente').count()).toBe(0);

    await follow(page, pageLink(page, 'Pagina successiva'), '/?pagina=2#builds');
    expect(await gridTitles(page)).toEqual(titles(listed.slice(12, 24)));
    expect(await pageLink(page, 'Pagina 2').getAttribute('aria-current')).toBe('page');
    expect(await pageLink(page, 'Pagina 1').getAttribute('aria-current')).toBeNull();
    expect(await page.locator('[data-testid="build-grid"] .build-card').count()).toBe(12);

    await follow(page, pageLink(page, 'Pagina 3'), '/?pagina=3#builds');
    expect(await gridTitles(page)).toEqual(titles(listed.slice(24)));
    expect(await pageLink(page, 'Pagina successiva').count()).toBe(0);

    await follow(page, pageLink(page, 'Pagina precedente'), '/?pagina=2#builds');
    expect(await gridTitles(page)).toEqual(titles(listed.slice(12, 24)));
    // The grid is in view after each page load (the links end in #builds).
    expect(await page.locator('#builds-heading').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.getElementById('builds')!.getBoundingClientRect().top)).toBeLessThan(200);
    expectNoErrors(opened!.errors);
  });

  it.each([
    { javaScript: true, name: 'with JavaScript' },
    { javaScript: false, name: 'without JavaScript' },
  ])('filter chips $name: start again at page 1 and keep the other filter', async ({ javaScript }) => {
    const page = await open({ javaScriptEnabled: javaScript });
    await page.goto(`${e2e.url}/?pagina=2`);
    await follow(page, categoryChip(page, 'Gaming'), '/?categoria=gaming#builds');
    const gaming = listed.filter((build) => build.category === 'gaming');
    expect(gaming.length).toBeGreaterThan(12);
    expect(await gridTitles(page)).toEqual(titles(gaming.slice(0, 12)));
    expect(await categoryChip(page, 'Gaming').getAttribute('aria-current')).toBe('true');
    expect(await pageLink(page, 'Pagina 2').getAttribute('href')).toBe('/?categoria=gaming&pagina=2#builds');

    await follow(page, budgetChip(page, '800 – 1.500 €'), '/?categoria=gaming&budget=800-1500#builds');
    const midRange = gaming.filter((build) => build.budget >= 800 && build.budget <= 1500);
    expect(midRange.length).toBeGreaterThan(0);
    expect(await gridTitles(page)).toEqual(titles(midRange.slice(0, 12)));

    await follow(page, categoryChip(page, 'Tutte'), '/?budget=800-1500#builds');
    expect(await budgetChip(page, '800 – 1.500 €').getAttribute('aria-current')).toBe('true');
    expect(await gridTitles(page)).toEqual(titles(listed.filter((build) => build.budget >= 800 && build.budget <= 1500).slice(0, 12)));
    expectNoErrors(opened!.errors);
  });

  it('an old ?category= link moves (301) to ?categoria=; a page past the last one goes to the last', async () => {
    const page = await open();
    const response = await page.goto(`${e2e.url}/?category=office&budget=fino-800`);
    expect(page.url()).toBe(`${e2e.url}/?categoria=office&budget=fino-800`);
    expect(response?.status()).toBe(200);
    expect((await response!.request().redirectedFrom()!.response())!.status()).toBe(301);
    expect(await gridTitles(page)).toEqual(titles(listed.filter((build) => build.category === 'office' && build.budget <= 800).slice(0, 12)));

    const beyond = await page.goto(`${e2e.url}/?pagina=99`);
    expect(page.url()).toBe(`${e2e.url}/?pagina=3`);
    expect((await beyond!.request().redirectedFrom()!.response())!.status()).toBe(302);
    expect(await gridTitles(page)).toEqual(titles(listed.slice(24)));
    expectNoErrors(opened!.errors);
  });
});

describe('filter chips on a phone (390x844)', () => {
  /** Layout of each chip row: the chips' tops and sizes, and the row's scrolling state. */
  const rowLayout = (page: Page, label: string) =>
    page.getByRole('group', { name: label }).evaluate((row) => {
      const style = getComputedStyle(row);
      const box = row.getBoundingClientRect();
      return {
        overflowX: style.overflowX,
        scrollbarWidth: style.scrollbarWidth,
        scrolls: row.scrollWidth > row.clientWidth,
        scrollLeft: row.scrollLeft,
        paddingTop: parseFloat(style.paddingTop),
        box: { left: box.left, right: box.right },
        chips: [...row.querySelectorAll('a')].map((chip) => {
          const rect = chip.getBoundingClientRect();
          return { text: chip.textContent, top: Math.round(rect.top), height: rect.height, clipped: chip.scrollWidth > chip.clientWidth, left: rect.left, right: rect.right };
        }),
      };
    });

  it('scroll sideways in one line each, chips at their full size, with a thin scrollbar', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await page.goto(`${e2e.url}/`);
    for (const label of ['Categoria', 'Budget']) {
      const layout = await rowLayout(page, label);
      expect(new Set(layout.chips.map((chip) => chip.top)).size, label).toBe(1); // one line
      expect(layout.overflowX).toBe('auto');
      expect(layout.scrollbarWidth).toBe('thin');
      expect(layout.chips.every((chip) => !chip.clipped && chip.height < 40)).toBe(true); // not squeezed onto two lines
    }
    expect((await rowLayout(page, 'Categoria')).scrolls).toBe(true); // 7 chips do not fit in 390 px
    expectNoErrors(opened!.errors);
  });

  it('a chip reached with the keyboard scrolls into view with its focus outline visible', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await page.goto(`${e2e.url}/`);
    await categoryChip(page, 'Tutte').focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
    const premium = categoryChip(page, 'Premium');
    expect(await premium.evaluate((chip) => chip === document.activeElement && chip.matches(':focus-visible'))).toBe(true);
    const outline = await premium.evaluate((chip) => ({ style: getComputedStyle(chip).outlineStyle, width: parseFloat(getComputedStyle(chip).outlineWidth), offset: parseFloat(getComputedStyle(chip).outlineOffset) }));
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    const layout = await rowLayout(page, 'Categoria');
    const chip = layout.chips.find((candidate) => candidate.text === 'Premium')!;
    expect(layout.scrollLeft).toBeGreaterThan(0);
    expect(chip.left).toBeGreaterThanOrEqual(layout.box.left);
    expect(chip.right).toBeLessThanOrEqual(layout.box.right);
    // The row leaves room above the chips for the outline, which it would otherwise clip.
    expect(layout.paddingTop).toBeGreaterThanOrEqual(outline.width + outline.offset);
    expectNoErrors(opened!.errors);
  });

  it('the chosen chip is shown in its row after the page loads (page script)', async () => {
    const page = await open({ viewport: VIEWPORTS[0].viewport });
    await page.goto(`${e2e.url}/?categoria=premium`);
    const layout = await rowLayout(page, 'Categoria');
    const chip = layout.chips.find((candidate) => candidate.text === 'Premium')!;
    expect(layout.scrollLeft).toBeGreaterThan(0);
    expect(chip.left).toBeGreaterThanOrEqual(layout.box.left);
    expect(chip.right).toBeLessThanOrEqual(layout.box.right);
    expect(await page.evaluate(() => window.scrollY)).toBe(0); // only the row scrolled, not the page
    expectNoErrors(opened!.errors);
  });

  it('wrap onto several lines from 640 px up instead', async () => {
    const page = await open({ viewport: VIEWPORTS[1].viewport });
    await page.goto(`${e2e.url}/`);
    for (const label of ['Categoria', 'Budget']) {
      const row = page.getByRole('group', { name: label });
      expect(await row.evaluate((element) => getComputedStyle(element).flexWrap)).toBe('wrap');
      expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    }
    expectNoErrors(opened!.errors);
  });
});

/**
 * Every kind of public page fits a 390 px phone (tests/e2e/public-page-types.ts): the document is no wider
 * than the screen, so nothing pans sideways. Long unbroken words (a build's title, a part's name) wrap. The
 * comparison's table is wider than a phone: it scrolls inside its own box, and its screen-reader-only
 * labels stay inside that box instead of widening the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './harness';
import { expectNoErrors } from './public-fixtures';
import { PAGE_TYPE_NAMES, type PublicPagesContext, type PublicPageType, startPublicPages } from './public-page-types';

const PHONE = { width: 390, height: 844 };

let site: PublicPagesContext;
beforeAll(async () => {
  site = await startPublicPages();
}, 120_000);
afterAll(() => site?.close());

/**
 * The widths that would make a phone pan: the document's and the body's scroll widths. The root and the
 * body must not clip what overflows (that would hide content instead of fitting it), so their overflow
 * stays visible.
 */
async function pageWidths(page: Page) {
  return page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    overflow: [getComputedStyle(document.documentElement).overflowX, getComputedStyle(document.body).overflowX],
  }));
}

async function openOnPhone(type: PublicPageType) {
  const opened = await newPage(site.e2e.browser, { viewport: PHONE });
  const url = `${site.e2e.url}${await type.path()}`;
  const response = await opened.page.goto(url);
  expect(response?.status()).toBe(type.status);
  await type.act?.(opened.page);
  return { ...opened, expectNoErrors: () => expectNoErrors(opened.errors, type.status === 404 ? [url] : []) };
}

describe('at 390 × 844', () => {
  it.each(PAGE_TYPE_NAMES)('%s is no wider than the screen', async (name) => {
    const opened = await openOnPhone(site.pages[name]);
    try {
      expect(await pageWidths(opened.page)).toEqual({ document: PHONE.width, body: PHONE.width, overflow: ['visible', 'visible'] });
      opened.expectNoErrors();
    } finally {
      await opened.close();
    }
  });

  it('the phone menu, open, is no wider than the screen', async () => {
    const opened = await openOnPhone(site.pages.home);
    try {
      await opened.page.getByTestId('menu-button').click();
      expect(await opened.page.locator('#mobile-menu').isVisible()).toBe(true);
      expect(await pageWidths(opened.page)).toEqual({ document: PHONE.width, body: PHONE.width, overflow: ['visible', 'visible'] });
    } finally {
      await opened.close();
    }
  });

  it('a title of one long word wraps inside its heading', async () => {
    const opened = await openOnPhone(site.pages['build page with a long title']);
    try {
      const heading = await opened.page
        .getByRole('heading', { level: 1 })
        .evaluate((h1) => ({ width: h1.getBoundingClientRect().width, scrollWidth: h1.scrollWidth, clientWidth: h1.clientWidth, lines: Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight)) }));
      expect(heading.width).toBeLessThanOrEqual(PHONE.width);
      expect(heading.scrollWidth).toBe(heading.clientWidth);
      expect(heading.lines).toBeGreaterThan(1);
    } finally {
      await opened.close();
    }
  });

  it('the comparison table scrolls inside its own box, its hidden labels with it', async () => {
    const opened = await openOnPhone(site.pages.comparison);
    try {
      const box = opened.page.getByTestId('compare-scroll');
      const measured = await box.evaluate((scroller) => {
        const rect = scroller.getBoundingClientRect();
        const labels = [...scroller.querySelectorAll('.sr-only')];
        return {
          boxRight: rect.right,
          scrolls: scroller.scrollWidth > scroller.clientWidth,
          labels: labels.length,
          // Each label is placed against the box (its containing block is the box or inside it)...
          labelsPlacedOutside: labels.filter((label) => !(label instanceof HTMLElement && label.offsetParent && scroller.contains(label.offsetParent))).length,
          // ...and lies within what the box scrolls over.
          labelsBeyondScroll: labels.filter((label) => label.getBoundingClientRect().right > rect.left + scroller.scrollWidth + 1).length,
          columnsWiderThanPhone: [...scroller.querySelectorAll('[data-testid="compare-build"]')].filter((th) => th.getBoundingClientRect().width > 390).length,
        };
      });
      expect(measured.boxRight).toBeLessThanOrEqual(PHONE.width);
      expect(measured.scrolls).toBe(true);
      expect(measured.labels).toBeGreaterThan(0);
      expect(measured).toMatchObject({ labelsPlacedOutside: 0, labelsBeyondScroll: 0, columnsWiderThanPhone: 0 });
      // Scrolled to its end, the box shows the last column; the page itself still does not move.
      await box.evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
      const lastColumn = await opened.page.getByTestId('compare-build').last().boundingBox();
      expect(lastColumn!.x + lastColumn!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await opened.page.evaluate(() => window.scrollX)).toBe(0);
      expect((await pageWidths(opened.page)).document).toBe(PHONE.width);
    } finally {
      await opened.close();
    }
  });
});

/**
 * axe-core on every kind of public page (tests/e2e/public-page-types.ts: the home and its filtered lists, a
 * build page and a personalised one, the search with and without results, the comparison in each of its
 * states, every alert page's outcome, the 404 page), in light and dark theme, at phone and desktop size,
 * and with the phone menu open: no violation of the WCAG 2.1 A and AA rules nor of axe's best practices,
 * whatever impact axe gives it (two landmarks of one kind without distinct names, `landmark-unique`,
 * included). Failures list rule id, impact, help and the nodes.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { finishAnimations, newPage, VIEWPORTS } from './harness';
import { expectNoErrors } from './public-fixtures';
import { PAGE_TYPE_NAMES, type PublicPagesContext, type PublicPageType, startPublicPages } from './public-page-types';

const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');
/** The rule sets checked: WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeNode {
  html: string;
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

let site: PublicPagesContext;
beforeAll(async () => {
  site = await startPublicPages();
}, 120_000);
afterAll(() => site?.close());

const isSerious = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';

/**
 * Every violation of the rule sets, plus the serious ARIA checks axe could only flag for review
 * ("incomplete"), such as an aria-label on an element whose role does not allow one. Colour contrast
 * over gradients, which axe cannot compute, is left out of the second list.
 */
async function runAxe(page: Page): Promise<{ violations: AxeViolation[]; ariaToReview: AxeViolation[] }> {
  await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(async (tags) => {
    type Results = { violations: AxeViolation[]; incomplete: AxeViolation[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Results> } }).axe;
    const { violations, incomplete } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'] });
    return { violations, incomplete };
  }, AXE_TAGS);
  return {
    violations: result.violations,
    ariaToReview: result.incomplete.filter((item) => isSerious(item) && item.id.startsWith('aria-')),
  };
}

function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `[${violation.impact}] ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${node.html}\n    ${node.failureSummary ?? ''}`,
    ),
  );
}

const THEMES = ['light', 'dark'] as const;

async function openSettled(viewport: { width: number; height: number }, theme: 'light' | 'dark', type: Pick<PublicPageType, 'path' | 'status' | 'act'>) {
  // bypassCSP: axe is injected as an inline script; CSP problems are caught by the other browser tests.
  const opened = await newPage(site.e2e.browser, { viewport, colorScheme: theme, bypassCSP: true });
  const url = `${site.e2e.url}${await type.path()}`;
  const response = await opened.page.goto(url);
  expect(response?.status()).toBe(type.status);
  await type.act?.(opened.page);
  await finishAnimations(opened.page); // the cards fade in: contrast is checked on the settled page
  expect(await opened.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  return { ...opened, expectNoErrors: () => expectNoErrors(opened.errors, type.status === 404 ? [url] : []) };
}

/**
 * The serious ARIA results axe leaves for review are checked at desktop size in the light theme, from the same
 * run of axe as that page's violations (one page load, one run: the browser tests' time is mostly axe's).
 */
const checksAriaToReview = (viewport: { width: number }, theme: string) => viewport.width === VIEWPORTS[1].viewport.width && theme === 'light';

describe.each(VIEWPORTS)('accessibility at $name', ({ viewport }) => {
  describe.each(THEMES)('%s theme', (theme) => {
    const title = checksAriaToReview(viewport, theme) ? '%s has no axe violation and uses only ARIA attributes its elements allow' : '%s has no axe violation';
    it.each(PAGE_TYPE_NAMES)(title, async (name) => {
      const opened = await openSettled(viewport, theme, site.pages[name]);
      try {
        const { violations, ariaToReview } = await runAxe(opened.page);
        expect(describeViolations(violations)).toEqual([]);
        if (checksAriaToReview(viewport, theme)) expect(describeViolations(ariaToReview)).toEqual([]);
        opened.expectNoErrors();
      } finally {
        await opened.close();
      }
    });
  });
});

describe.each(THEMES)('phone menu open, %s theme', (theme) => {
  it('has no axe violation', async () => {
    const opened = await openSettled(VIEWPORTS[0].viewport, theme, site.pages.home);
    try {
      await opened.page.getByTestId('menu-button').click();
      expect(await opened.page.locator('#mobile-menu').isVisible()).toBe(true);
      const { violations, ariaToReview } = await runAxe(opened.page);
      expect(describeViolations([...violations, ...ariaToReview])).toEqual([]);
      opened.expectNoErrors();
    } finally {
      await opened.close();
    }
  });
});

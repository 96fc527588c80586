/**
 * axe-core on the home page (its first page and, with more than 12 builds, its second with the page
 * navigation), a build page, the comparison of three builds, the search page with results and the 404 page, in
 * light and dark theme, at phone and desktop size, and with the phone menu open: no serious or critical
 * violation, and no `landmark-unique` violation whatever its impact (a best-practice rule axe rates moderate: two
 * search forms without distinct names read the same to a screen reader). Failures list rule id, impact, help and
 * the nodes.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCreateBuild, apiLogin } from './admin-helpers';
import { type E2EContext, finishAnimations, newPage, startE2E, VIEWPORTS } from './harness';
import { expectNoErrors, listPublished, published } from './public-fixtures';

const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');

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

let e2e: E2EContext;
let buildPath: string;
let comparePath: string;
let searchPath: string;
beforeAll(async () => {
  e2e = await startE2E();
  const [first, second, third] = await listPublished(e2e.url);
  buildPath = `/build/${first!.slug}`;
  comparePath = `/confronta?build=${first!.slug}&build=${second!.slug}&build=${third!.slug}`;
  searchPath = `/cerca?q=${encodeURIComponent(first!.title)}`;
  // More than 12 published builds: the home page has a second page and its "Pagine" navigation.
  const token = await apiLogin(e2e.url);
  for (let index = published.length; index <= 14; index += 1) {
    await apiCreateBuild(e2e.url, token, { title: `Build in più ${index}`, category: 'gaming', budget: 900, status: 'published', components: [] });
  }
}, 120_000);
afterAll(() => e2e?.close());

const isSerious = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';
/** Rules enforced whatever impact axe gives them. */
const ALWAYS_ENFORCED = new Set(['landmark-unique']);
const isEnforced = (violation: AxeViolation) => isSerious(violation) || ALWAYS_ENFORCED.has(violation.id);

/**
 * Serious or critical results: axe's violations, plus the ARIA checks it could only flag for review
 * ("incomplete"), such as an aria-label on an element whose role does not allow one. Colour contrast
 * over gradients, which axe cannot compute, is left out of the second list.
 */
async function runAxe(page: Page): Promise<{ violations: AxeViolation[]; ariaToReview: AxeViolation[] }> {
  await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(async () => {
    type Results = { violations: AxeViolation[]; incomplete: AxeViolation[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Results> } }).axe;
    const { violations, incomplete } = await axe.run(document, { resultTypes: ['violations', 'incomplete'], rules: { 'landmark-unique': { enabled: true } } });
    return { violations, incomplete };
  });
  return {
    violations: result.violations.filter(isEnforced),
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

const PAGES = [
  { name: 'home', path: () => '/', status: 200 },
  { name: 'home page 2', path: () => '/?pagina=2', status: 200 },
  { name: 'build page', path: () => buildPath, status: 200 },
  { name: 'comparison', path: () => comparePath, status: 200 },
  { name: 'search with results', path: () => searchPath, status: 200 },
  { name: '404 page', path: () => '/qualcosa/che/non/esiste', status: 404 },
];
const THEMES = ['light', 'dark'] as const;

async function openSettled(viewport: { width: number; height: number }, theme: 'light' | 'dark', path: string, status: number) {
  // bypassCSP: axe is injected as an inline script; CSP problems are caught by the other browser tests.
  const opened = await newPage(e2e.browser, { viewport, colorScheme: theme, bypassCSP: true });
  const url = `${e2e.url}${path}`;
  const response = await opened.page.goto(url);
  expect(response?.status()).toBe(status);
  await finishAnimations(opened.page); // the cards fade in: contrast is checked on the settled page
  expect(await opened.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  return { ...opened, expectNoErrors: () => expectNoErrors(opened.errors, status === 404 ? [url] : []) };
}

describe.each(VIEWPORTS)('accessibility at $name', ({ viewport }) => {
  describe.each(THEMES)('%s theme', (theme) => {
    it.each(PAGES)('$name has no serious or critical axe violations', async ({ path, status }) => {
      const opened = await openSettled(viewport, theme, path(), status);
      try {
        const { violations } = await runAxe(opened.page);
        expect(describeViolations(violations)).toEqual([]);
        opened.expectNoErrors();
      } finally {
        await opened.close();
      }
    });
  });
});

describe.each(THEMES)('phone menu open, %s theme', (theme) => {
  it('has no serious or critical axe violations', async () => {
    const opened = await openSettled(VIEWPORTS[0].viewport, theme, '/', 200);
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

describe('ARIA results that axe leaves for review (desktop, light theme)', () => {
  it.each(PAGES)('$name uses only ARIA attributes its elements allow', async ({ path, status }) => {
    const opened = await openSettled(VIEWPORTS[1].viewport, 'light', path(), status);
    try {
      const { ariaToReview } = await runAxe(opened.page);
      expect(describeViolations(ariaToReview)).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

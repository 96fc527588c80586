/**
 * /offerte in Chromium (decision 046), on the production build with the demo content and one deal made the
 * way the refresh makes it (a 30-day history at 200 €, the part's fresh retailer price at 170 €, the deals
 * recorded by the service the refresh job calls): at 390 and 1440 px, in both themes, no axe violation, no
 * sideways panning on a phone, no script file and within the public pages' 15 KB gzip script budget, and the
 * deal readable with JavaScript off. The empty state (a filter with no deal) is checked the same way.
 */
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicBuild } from '../../src/db/public-builds';
import { type E2EContext, finishAnimations, newPage, RETAILER_IMAGE_HOST, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors } from '../e2e/public-fixtures';

const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BUDGET_GZIP_BYTES = 15 * 1024;
const DAY = 86_400_000;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { html: string; target: unknown[]; failureSummary?: string }[];
}

let e2e: E2EContext;
let dealName: string;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.runtime.database.db;
  const now = new Date();
  const part = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select(['components.id', 'components.asin', 'components.name'])
    .where('components.asin', 'is not', null)
    .where(isPublicBuild(now.toISOString()))
    .orderBy('components.id')
    .executeTakeFirstOrThrow();
  dealName = part.name;
  const history = Array.from({ length: 30 }, (_, index) => ({ asin: part.asin!, price_cents: 20_000, availability: 'IN_STOCK', source: 'amazon', observed_at: new Date(now.getTime() - (index + 1) * DAY).toISOString() }));
  await db.insertInto('price_observations').values(history).execute();
  // The part as a refresh leaves it: the retailer's fresh price, in stock, its image confirmed now.
  await db
    .updateTable('components')
    .set({ price_cents: 17_000, price_source: 'amazon', price_updated_at: now.toISOString(), availability: 'IN_STOCK', availability_checked_at: now.toISOString(), image_url: `${RETAILER_IMAGE_HOST}/images/I/deal.jpg`, image_checked_at: now.toISOString() })
    .where('asin', '=', part.asin)
    .execute();
  const recorded = await e2e.runtime.services.deals.recordForAsins([part.asin!]);
  expect(recorded?.deals).toBe(1);
}, 120_000);
afterAll(() => e2e?.close());

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, AXE_TAGS);
}

const describeViolations = (violations: AxeViolation[]) =>
  violations.flatMap((violation) => violation.nodes.map((node) => `[${violation.impact}] ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${node.html}`));

const PAGES = [
  { name: 'with a deal', path: '/offerte', deals: 1 },
  { name: 'empty (a filter without deals)', path: '/offerte?tipo=other', deals: 0 },
];

describe.each(VIEWPORTS)('/offerte at $name', ({ viewport }) => {
  describe.each(PAGES)('$name', ({ path, deals }) => {
    it.each(['light', 'dark'] as const)('%s theme: no axe violation, fits the screen', async (theme) => {
      // bypassCSP: axe is injected as an inline script.
      const opened = await newPage(e2e.browser, { viewport, colorScheme: theme, bypassCSP: true });
      try {
        const response = await opened.page.goto(`${e2e.url}${path}`);
        expect(response?.status()).toBe(200);
        await finishAnimations(opened.page);
        expect(await opened.page.getByTestId('deal').count()).toBe(deals);
        if (deals > 0) {
          const card = opened.page.getByTestId('deal').first();
          await expect.poll(() => card.innerText()).toContain(dealName);
          const text = (await card.innerText()).replace(/[\u00a0\u202f]/g, ' ');
          expect(text).toContain('170,00 €');
          expect(text).toContain('−15 %');
          expect(text).toContain('200,00 €');
        } else {
          expect(await opened.page.getByTestId('no-deals').innerText()).toMatch(/Prezzi controllati il|non sono ancora stati controllati/);
        }
        expect(describeViolations(await runAxe(opened.page))).toEqual([]);
        const widths = await opened.page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
        expect(widths).toEqual({ document: viewport.width, body: viewport.width });
        expectNoErrors(opened.errors, []);
      } finally {
        await opened.close();
      }
    });
  });

  it('loads no script file and stays within the 15 KB gzip script budget', async () => {
    const opened = await newPage(e2e.browser, { viewport });
    try {
      const scripts: Response[] = [];
      opened.page.on('response', (answer) => {
        if (answer.request().resourceType() === 'script') scripts.push(answer);
      });
      const response = await opened.page.goto(`${e2e.url}/offerte`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(scripts).toEqual([]);
      const inline = await opened.page.evaluate(() => [...document.scripts].filter((script) => !script.src && script.type !== 'application/ld+json').map((script) => script.textContent));
      const bytes = inline.reduce((sum, text) => sum + gzipSync(Buffer.from(text)).length, 0);
      expect(bytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
      console.log(`[script budget] /offerte ${viewport.width}px: ${bytes} B gzip of script (0 files)`);
      expectNoErrors(opened.errors, []);
    } finally {
      await opened.close();
    }
  });
});

it('works without JavaScript: the deal, its build link and the filters', async () => {
  const opened = await newPage(e2e.browser, { javaScriptEnabled: false });
  try {
    await opened.page.goto(`${e2e.url}/offerte`);
    expect(await opened.page.getByTestId('deal').count()).toBe(1);
    expect(await opened.page.locator('[data-testid="deal"] a[href^="/build/"]').count()).toBeGreaterThan(0);
    await opened.page.selectOption('#deals-type', 'other');
    await opened.page.getByRole('button', { name: 'Filtra' }).click();
    await opened.page.waitForURL(/\/offerte\?tipo=other&categoria=$/);
    expect(await opened.page.getByTestId('deal').count()).toBe(0);
  } finally {
    await opened.close();
  }
});

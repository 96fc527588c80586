/**
 * "Confronta" with JavaScript disabled: a visitor ticks two cards' checkboxes on the home and
 * submits the plain GET form, then from a build page picks another build in "Confronta con…"; each time
 * the comparison shows both builds side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors, listPublished, plain, type PublishedSummary } from '../e2e/public-fixtures';

let e2e: E2EContext;
let builds: PublishedSummary[];

beforeAll(async () => {
  e2e = await startE2E();
  builds = await listPublished(e2e.url);
  expect(builds.length).toBeGreaterThanOrEqual(3);
}, 120_000);
afterAll(() => e2e?.close());

/** The titles of the compared builds, in column order. */
async function comparedTitles(page: import('playwright-core').Page): Promise<string[]> {
  return (await page.getByTestId('compare-build').locator('a').allTextContents()).map(plain);
}

describe('Confronta without JavaScript', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`ticks two cards on the home and compares them (${name})`, async () => {
      const opened = await newPage(e2e.browser, { viewport, javaScriptEnabled: false });
      try {
        const { page } = opened;
        await page.goto(`${e2e.url}/`);
        const grid = page.getByTestId('build-grid');
        const [first, second] = [builds[0]!, builds[2]!];
        // The visible label "Confronta" of each card (its accessible name adds the build's title).
        await grid.getByRole('checkbox', { name: `Confronta ${first.title}` }).check();
        await grid.getByRole('checkbox', { name: `Confronta ${second.title}` }).check();
        await page.getByRole('button', { name: 'Confronta le build selezionate' }).click();
        await page.waitForURL((url) => url.pathname === '/confronta');
        expect(new URL(page.url()).searchParams.getAll('build')).toEqual([first.slug, second.slug]);
        expect(await comparedTitles(page)).toEqual([first.title, second.title]);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confronto tra build');
        expect(await page.getByRole('link', { name: 'Compra Tutto su Amazon' }).count()).toBe(2);
        expect(await page.getByTestId('compare-row').count()).toBeGreaterThan(0);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
        expectNoErrors(opened.errors);
      } finally {
        await opened.close();
      }
    });
  }

  it('from a build page, "Confronta con…" compares it with the build chosen', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      const build = builds[1]!;
      await page.goto(`${e2e.url}/build/${build.slug}`);
      const section = page.getByTestId('compare-with');
      expect(await section.getByRole('heading', { name: 'Confronta con…' }).isVisible()).toBe(true);
      const select = section.getByLabel("Un'altra build da mettere a confronto");
      const values = await select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(values).not.toContain(build.slug);
      const other = builds.find((candidate) => candidate.slug === values.at(-1))!;
      await select.selectOption(other.slug);
      await section.getByRole('button', { name: 'Confronta' }).click();
      await page.waitForURL((url) => url.pathname === '/confronta');
      expect(await comparedTitles(page)).toEqual([build.title, other.title]);
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });
});

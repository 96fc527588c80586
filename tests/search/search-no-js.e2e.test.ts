/**
 * The site search with JavaScript disabled (decision 033), on a phone: the header's field is a
 * plain GET form; the results page marks the matched words and pages through them with links; a search
 * with no result says "Nessun risultato" with suggestions; two results ticked open /confronta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputSchema } from '../../src/modules/builds/builds.schema';
import { sampleBuild } from '../helpers/test-app';
import { type E2EContext, finishAnimations, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors } from '../e2e/public-fixtures';
import { seriousAxeViolations } from '../e2e/admin-helpers';

let e2e: E2EContext;

beforeAll(async () => {
  e2e = await startE2E();
  // Enough matches of one word for a second page (12 a page), written as the editor writes.
  for (let n = 1; n <= 14; n++) {
    await e2e.runtime.services.builds.create(buildInputSchema.parse(sampleBuild({ title: `Build acquario numero ${n}`, description: 'Le schede video più silenziose.' })));
  }
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe('search without JavaScript', () => {
  it('searches from the header, highlights the words, pages, and suggests when nothing matches', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/`);
      const field = page.getByRole('searchbox', { name: 'Cerca' }).first();
      expect(await field.isVisible()).toBe(true);
      // The header fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await field.fill('acquari scheda');
      await field.press('Enter');
      await page.waitForURL((url) => url.pathname === '/cerca');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Risultati per «acquari scheda»');
      expect(await page.getByTestId('results-count').textContent()).toBe('14 build trovate');
      expect(await page.locator('[data-testid="build-grid"] > li').count()).toBe(12);
      const marked = await page.locator('[data-testid="build-grid"] mark').allTextContents();
      expect(marked).toContain('acquario');
      expect(marked).toContain('schede');

      await page.getByRole('link', { name: 'Pagina successiva' }).click();
      await page.waitForURL((url) => url.searchParams.get('pagina') === '2');
      expect(await page.locator('[data-testid="build-grid"] > li').count()).toBe(2);

      await page.getByRole('searchbox', { name: 'Cerca' }).last().fill('acquario introvabile');
      await page.getByRole('button', { name: 'Cerca', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'acquario introvabile');
      const none = page.getByTestId('no-results');
      expect(await none.getByRole('heading', { name: 'Nessun risultato' }).isVisible()).toBe(true);
      expect(await none.textContent()).toContain('Prova con parole diverse o meno parole.');
      await none.getByRole('link', { name: /^acquario \(14 build\)$/ }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'acquario');
      expect(await page.getByTestId('results-count').textContent()).toBe('14 build trovate');

      // The results are cards to compare, as on the home: tick two, send the form.
      await page.goto(`${e2e.url}/cerca?q=acquario&pagina=2`);
      const boxes = page.locator('[data-testid="build-grid"] input[type="checkbox"][name="build"]');
      expect(await boxes.count()).toBe(2);
      const slugs = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      for (const box of await boxes.all()) await box.check();
      await page.getByRole('button', { name: 'Confronta le build selezionate' }).click();
      await page.waitForURL((url) => url.pathname === '/confronta');
      expect(new URL(page.url()).searchParams.getAll('build')).toEqual(slugs);
      expect(await page.getByRole('link', { name: 'Compra Tutto su Amazon' }).count()).toBe(2);
      expectNoErrors(opened.errors);
    } finally {
      await opened.context.close();
    }
  });

  it('keeps a 300-character query inside a 390 px screen, and shows a corrected search', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      for (const q of ['x'.repeat(300), 'acquario '.repeat(33).trim()]) {
        await page.goto(`${e2e.url}/cerca?q=${encodeURIComponent(q)}`);
        expect((await page.getByRole('heading', { level: 1 }).textContent())?.length).toBeGreaterThan(300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await page.goto(`${e2e.url}/cerca?q=acqaurio`);
      const box = page.getByTestId('did-you-mean');
      expect(await box.textContent()).toContain('Forse cercavi «acquario»?');
      expect(await page.locator('[data-testid="build-grid"] > li').count()).toBe(12);
      await box.getByRole('link', { name: '«acquario»' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'acquario');
      expect(await page.getByTestId('results-count').textContent()).toBe('14 build trovate');
      expectNoErrors(opened.errors);
    } finally {
      await opened.context.close();
    }
    // axe runs as a script: in a page of its own, with JavaScript.
    const checked = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport });
    try {
      await checked.page.goto(`${e2e.url}/cerca?q=acqaurio`);
      await checked.page.getByTestId('did-you-mean').waitFor();
      await finishAnimations(checked.page); // the cards fade in: axe would read their colours half way
      expect(await seriousAxeViolations(checked.page)).toEqual([]);
    } finally {
      await checked.context.close();
    }
  });
});

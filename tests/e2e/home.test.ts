import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuilds } from '../../src/db/seed-data';
import { type E2EContext, startE2E, waitForHydration } from './harness';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('home page in Chromium', () => {
  it('lists the published builds and navigates to one after hydration', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${e2e.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Assembla il tuo PC perfetto');
    const titles = await page.locator('#builds h3').allTextContents();
    const published = demoBuilds.filter((build) => build.status === 'published').map((build) => build.title);
    expect(titles.sort()).toEqual([...published].sort());

    // Wait for hydration, then follow a card: a client-side navigation renders the build page. (The route
    // modules are registered before React starts hydrating: a click then would load a whole new document.)
    await waitForHydration(page);
    const first = page.locator('#builds h3 a').first();
    const title = await first.textContent();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await first.click();
    await page.waitForURL(/\/build\//);
    await page.getByRole('heading', { level: 1, name: title!, exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * The dashboard's 'Fuori budget' card: a published build whose total left its budget's
 * band is listed with its figures and a link to its editor; builds within the band are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
let opened: OpenedPage | undefined;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await opened?.close();
  await e2e?.close();
});

describe("dashboard: 'Fuori budget'", () => {
  it('lists a build 25 % over its budget with a link to its editor, and not one within 10 %', async () => {
    const token = await apiLogin(e2e.url);
    const component = (price: number) => ({ type: 'GPU', name: 'Scheda video', price, amazon_link: null });
    const over = await apiCreateBuild(e2e.url, token, { title: 'Build rincarata', description: 'x', content: 'x', budget: 1000, status: 'published', components: [component(1250)] });
    await apiCreateBuild(e2e.url, token, { title: 'Build nella fascia', description: 'x', content: 'x', budget: 1000, status: 'published', components: [component(1050)] });

    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport });
    const page = opened.page;
    await openAdmin(page, e2e.url, '/admin', token);
    const card = page.getByTestId('budget-drift');
    await card.waitFor();
    const row = card.getByTestId('drift-row').filter({ hasText: 'Build rincarata' });
    expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain('Budget 1.000,00 € · totale 1.250,00 € +25%');
    expect(await card.getByText('Build nella fascia').count()).toBe(0);
    // On a phone the card fits the screen.
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await row.getByRole('link', { name: 'Build rincarata' }).click();
    await page.waitForURL(`${e2e.url}/admin/builds/edit/${over.id}`);
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });
});

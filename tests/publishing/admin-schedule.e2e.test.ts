/**
 * The editor's schedule field: 'Programmata' shows a date-time field read as Italian
 * time whatever the browser's time zone (here New York), a time already past is refused with the server's
 * message, a future one is saved as UTC, and the builds list shows 'Programmata' with the time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiGetBuild, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
let token: string;
let opened: OpenedPage | undefined;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
});
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});
afterAll(async () => {
  await e2e?.close();
});

describe("editor: scheduled publishing ('Programmata')", () => {
  it('refuses a past time, saves a future Rome time as UTC, and the list shows Programmata with the time', async () => {
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, timezoneId: 'America/New_York' });
    const page = opened.page;
    await openAdmin(page, e2e.url, '/admin/builds/new', token);
    await page.getByTestId('build-editor').waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Titolo').fill('Build del lunedì mattina');
    const when = field('Data e ora di pubblicazione');
    expect(await when.count()).toBe(0); // only for a scheduled build
    expect(await field('Stato').locator('option').allTextContents()).toEqual(['Bozza', 'Pubblicato', 'Programmata']);
    await field('Stato').selectOption({ label: 'Programmata' });
    await when.waitFor();
    expect(await when.getAttribute('type')).toBe('datetime-local');

    await when.fill('2020-01-01T10:00');
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByText('La data di pubblicazione deve essere nel futuro').first().isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/admin\/builds\/new$/);

    // Summer time in Rome (+02:00): 09:30 there is 07:30 UTC (and 03:30 in New York).
    await when.fill('2030-07-01T09:30');
    await page.getByTestId('save-button').click();
    await page.waitForURL(/\/admin\/builds\/edit\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiGetBuild(e2e.url, token, id);
    expect(saved).toMatchObject({ status: 'scheduled', publish_at: '2030-07-01T07:30:00.000Z', published_at: null });
    // Loaded again, the field shows the Rome time that was typed.
    await page.reload();
    await field('Data e ora di pubblicazione').waitFor();
    expect(await field('Data e ora di pubblicazione').inputValue()).toBe('2030-07-01T09:30');

    await page.goto(`${e2e.url}/admin/builds`);
    const row = page.getByRole('row').filter({ hasText: 'Build del lunedì mattina' });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('status-badge').textContent()).toBe('Programmata · 01/07/2030, 09:30');
    // Not public yet: no 'Visualizza' link.
    expect(await row.getByRole('link', { name: /Visualizza/ }).count()).toBe(0);

    await page.goto(`${e2e.url}/admin`);
    const recent = page.getByTestId('status-badge').filter({ hasText: 'Programmata' });
    await expect.poll(() => recent.first().textContent()).toBe('Programmata · 01/07/2030, 09:30');
    expect(unexpectedErrors(opened.errors, [400])).toEqual([]);
  });
});

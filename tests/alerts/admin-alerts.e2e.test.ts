/**
 * /admin/alerts in Chromium: each alert's target beside the build's total (a target typed wrong, 1,15 €,
 * is flagged), never an address; the line that says alerts cannot fire without the retailer; and the
 * erase of an address, with its confirmation and the count it erased.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';
import { listPublished, plain } from '../e2e/public-fixtures';

let e2e: E2EContext;
let outboxDir: string;
let build: { slug: string; title: string };
let other: { slug: string; title: string };
let opened: OpenedPage | undefined;

const remaining = () => e2e.runtime.database.db.selectFrom('price_alerts').select(['email', 'max_total_cents']).orderBy('id').execute();

beforeAll(async () => {
  outboxDir = mkdtempSync(join(tmpdir(), 'buildpc-mail-'));
  // Mail on (the alerts can be asked for); the retailer (Creators API) left unconfigured.
  e2e = await startE2E({ MAIL_OUTBOX_DIR: outboxDir, ALERT_ANSWER_MIN_MS: '0' });
  const published = await listPublished(e2e.url);
  build = published[0]!;
  other = published[1]!;
  const subscribe = (slug: string, email: string, maxTotal: number | null, ip: string) => e2e.runtime.services.alerts.subscribe({ build: slug, email, max_total: maxTotal }, { ip });
  await subscribe(build.slug, 'slip@example.com', 1.15, '203.0.113.1');
  await subscribe(build.slug, 'keep@example.com', 500, '203.0.113.3');
  // The same mailbox spelled another way, on another build: the erase finds it too.
  await subscribe(other.slug, 'Slip+again@example.com', null, '203.0.113.2');
  expect(await remaining()).toHaveLength(3);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('Avvisi (admin)', () => {
  it('lists targets by build beside the total, flags the 1,15 € one, names no address, and says alerts cannot fire without the retailer', async () => {
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    const { page } = opened;
    await openAdmin(page, e2e.url, '/admin/alerts');
    await page.getByRole('heading', { level: 1, name: 'Avvisi email' }).waitFor();
    expect(await page.title()).toMatch(/^Avvisi \|/);

    const retailerOff = plain(await page.getByTestId('alerts-retailer-off').textContent());
    expect(retailerOff).toContain('Amazon Creators API non configurata');
    expect(retailerOff).toContain('Nessun avviso può scattare: senza Amazon Creators API i prezzi non vengono aggiornati dal rivenditore.');
    expect(await page.getByTestId('alerts-mail-off').count()).toBe(0);

    expect((await page.getByTestId('alerts-build').getByRole('heading', { level: 2 }).allTextContents()).map(plain).sort()).toEqual([build.title, other.title].sort());
    const section = page.getByTestId('alerts-build').filter({ has: page.getByRole('heading', { level: 2, name: build.title, exact: true }) });
    expect(plain(await section.getByRole('heading', { level: 2 }).textContent())).toBe(build.title);
    expect(plain(await section.getByTestId('alerts-build-total').textContent())).toMatch(/^Totale di oggi: [\d.]+,\d\d €$/);
    const targets = (await section.getByTestId('alert-target').allTextContents()).map(plain);
    expect(targets).toHaveLength(2);
    expect(targets.some((text) => text.startsWith('1,15 €') && text.includes('Molto sotto il totale di oggi'))).toBe(true);
    expect(targets.some((text) => text === '500,00 €')).toBe(true);
    expect(await section.getByTestId('alert-target-warning').count()).toBe(1);
    expect(plain(await section.textContent())).toContain('In attesa di conferma');
    // Never an address, not even in the markup.
    expect(await page.content()).not.toMatch(/@example\.com/i);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });

  it('erases every alert of an address after a confirmation, and says how many', async () => {
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport });
    const { page } = opened;
    await openAdmin(page, e2e.url, '/admin/alerts');
    const form = page.getByTestId('alerts-erase');
    await form.getByLabel('Indirizzo email').fill('SLIP@example.com');

    // Declined: nothing is erased.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await form.getByRole('button', { name: 'Cancella gli avvisi' }).click();
    expect(await page.getByTestId('alerts-erase-result').count()).toBe(0);
    expect(await remaining()).toHaveLength(3);

    // Confirmed: both spellings of the mailbox go, the other address stays.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await form.getByRole('button', { name: 'Cancella gli avvisi' }).click();
    const result = page.getByTestId('alerts-erase-result');
    await result.waitFor();
    expect(asked).toBe("Cancellare tutti gli avvisi di questo indirizzo? L'operazione non si può annullare.");
    expect(plain(await result.textContent())).toContain('Cancellati 2 avvisi di questo indirizzo.');
    expect((await remaining()).map((row) => row.email)).toEqual(['keep@example.com']);
    // The list follows: the other address's alert is left, on its build.
    await expect.poll(() => page.getByTestId('alert-row').count()).toBe(1);
    expect(await page.getByTestId('alerts-build').count()).toBe(1);

    // The same address again: nothing left to erase.
    page.once('dialog', (dialog) => void dialog.accept());
    await form.getByRole('button', { name: 'Cancella gli avvisi' }).click();
    await expect.poll(async () => plain(await page.getByTestId('alerts-erase-result').textContent())).toContain('Nessun avviso trovato per questo indirizzo.');
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });
});

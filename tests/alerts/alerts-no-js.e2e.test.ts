/**
 * "Avvisami" with JavaScript disabled: the visitor fills the build page's plain form, lands on
 * "Controlla la tua email", opens the confirmation link of the mail the server wrote (MAIL_OUTBOX_DIR: .eml
 * files), presses the button (a POST: a prefetch confirms nothing) and sees the alert confirmed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, finishAnimations, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { expectNoErrors, listPublished, plain } from '../e2e/public-fixtures';

let e2e: E2EContext;
let outboxDir: string;
let slug: string;
/** Another published build, with one part made unavailable (its page not yet cached by the first test). */
let stockSlug: string;

beforeAll(async () => {
  outboxDir = mkdtempSync(join(tmpdir(), 'buildpc-mail-'));
  e2e = await startE2E({ MAIL_OUTBOX_DIR: outboxDir });
  const builds = await listPublished(e2e.url);
  slug = builds[0]!.slug;
  stockSlug = builds[1]!.slug;
  const db = e2e.runtime.database.db;
  const build = await db.selectFrom('builds').select('id').where('slug', '=', stockSlug).executeTakeFirstOrThrow();
  const part = await db.selectFrom('components').select('id').where('build_id', '=', build.id).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('components').set({ availability: 'OUT_OF_STOCK' }).where('id', '=', part.id).execute();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

/** An .eml's text with quoted-printable and base64 bodies decoded, enough to find a link in it. */
function decodedEml(raw: string): string {
  const quotedPrintable = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [quotedPrintable, ...base64Parts].join('\n');
}

/** The path of the confirmation link of the one mail in the outbox directory, waiting for the sender to write it. */
async function confirmationPath(): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    if (files.length > 0) {
      expect(files).toHaveLength(1);
      const text = decodedEml(readFileSync(join(outboxDir, files[0]!), 'utf8'));
      const link = /https?:\/\/[^\s"<>]+(\/avvisi\/conferma\/[A-Za-z0-9_-]{43})/.exec(text);
      expect(link, 'the confirmation link').not.toBeNull();
      return link![1]!;
    }
    if (Date.now() > deadline) throw new Error(`no .eml in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Avvisami without JavaScript', () => {
  it('subscribes with the plain form, then confirms through the mail’s link and the button', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${slug}`);
      const section = page.getByTestId('price-alert');
      expect(await section.getByRole('heading', { name: 'Avvisami quando scende' }).isVisible()).toBe(true);
      expect(plain(await section.getByTestId('alert-privacy-note').textContent())).toContain('180 giorni');
      // The honeypot is nowhere a person could see or reach it.
      const honeypot = page.getByTestId('price-alert-form').locator('input[name="website"]');
      const box = await honeypot.boundingBox();
      expect(box === null || box.x + box.width <= 0).toBe(true);
      expect(await page.getByRole('textbox', { name: /Sito web/ }).count()).toBe(0);

      const target = section.getByLabel('Avvisami sotto (€)');
      // Prefilled a little under today's total; the visitor lowers it by 50 cents, Italian style.
      const prefilled = Number(await target.inputValue());
      expect(prefilled).toBeGreaterThan(0);
      await target.fill(`${prefilled - 1},50`);
      await section.getByLabel('La tua email').fill('lettore@example.com');
      await section.getByRole('button', { name: 'Avvisami' }).click();
      await page.waitForURL((url) => url.pathname === '/avvisi/inviato');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Controlla la tua email');

      await page.goto(`${e2e.url}${await confirmationPath()}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("Conferma l'avviso");
      expect(plain(await page.locator('main').textContent())).toContain(',50');
      // Opening the link (as a mail scanner would) confirmed nothing.
      expect((await e2e.runtime.database.db.selectFrom('price_alerts').select('status').execute()).map((a) => a.status)).toEqual(['pending']);
      await page.getByRole('button', { name: 'Conferma' }).click();
      await page.getByText('Avviso confermato').first().waitFor();
      const alerts = await e2e.runtime.database.db.selectFrom('price_alerts').select(['status', 'max_total_cents']).execute();
      expect(alerts.map((a) => ({ status: a.status, cents: Number(a.max_total_cents) }))).toEqual([{ status: 'active', cents: (prefilled - 1) * 100 + 50 }]);
      expectNoErrors(opened.errors);
    } finally {
      await opened.context.close();
    }
  });
});

const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown; html: string }[];
}

describe('the forms on the page', () => {
  it.each(VIEWPORTS)('at $name: no serious axe violation with the stock form open, and nothing shifts the layout', async ({ viewport }) => {
    // bypassCSP: axe is injected as an inline script (as tests/e2e/accessibility.e2e.test.ts does).
    const opened = await newPage(e2e.browser, { viewport, bypassCSP: true });
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${stockSlug}`);
      await finishAnimations(page);
      expect(await page.getByTestId('stock-alert').count()).toBe(1);
      await page.getByText('Avvisami quando torna disponibile').click();
      expect(await page.getByTestId('stock-alert-form').getByLabel('La tua email').isVisible()).toBe(true);
      await page.getByTestId('price-alert').scrollIntoViewIfNeeded();
      const shift = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => done(total), 300);
          }),
      );
      expect(shift).toBeLessThan(0.01);

      await page.addScriptTag({ path: AXE_PATH });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations;
      });
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
      expectNoErrors(opened.errors);
    } finally {
      await opened.context.close();
    }
  });
});

/**
 * The editor's live compatibility checks (decision 023) in Chromium against the real server: the panel
 * judges the build as it is being edited (a name typed, an attribute overridden) before any save, the
 * override is saved with the build and read back by the API, and the public page shows the result.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

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

const AM5_BUILD = [
  { type: 'CPU', name: 'AMD Ryzen 7 7800X3D Processore, 8 core, 16 thread, socket AM5', price: 369 },
  { type: 'Motherboard', name: 'Gigabyte B650 EAGLE AX Scheda madre ATX, AMD B650, AM5, DDR5', price: 169 },
  { type: 'RAM', name: 'Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30', price: 109 },
  { type: 'GPU', name: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica, 12 GB GDDR7', price: 609 },
  { type: 'Storage', name: 'WD_BLACK SN7100 1TB NVMe SSD M.2 2280 PCIe Gen4', price: 79 },
  { type: 'PSU', name: 'Corsair RM750e Alimentatore ATX, 750 W, 80 PLUS Gold', price: 99 },
  { type: 'Case', name: 'Lian Li LANCOOL 207 Case ATX Mid-Tower', price: 89 },
];

const panel = (page: Page) => page.getByTestId('compatibility-panel');
const statusOf = (page: Page, rule: string) => panel(page).locator(`[data-rule="${rule}"]`).getAttribute('data-status');
const row = (page: Page, n: number) => page.getByTestId('component-row').nth(n - 1);

describe('editor: live compatibility checks', () => {
  it('updates as the author edits, saves an override, and the public page shows the checks', async () => {
    const build = await apiCreateBuild(e2e.url, token, {
      title: 'Build AM5 da controllare',
      status: 'published',
      components: AM5_BUILD.map((component, position) => ({ ...component, position })),
    });
    opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    const page = opened.page;
    await openAdmin(page, e2e.url, `/admin/builds/edit/${build.id}`, token);
    await panel(page).waitFor();

    for (const rule of ['cpu_socket', 'memory_type', 'form_factor', 'psu_power']) expect(await statusOf(page, rule)).toBe('ok');
    expect(await page.getByTestId('editor-estimated-watts').textContent()).toBe('Consumo stimato: 480 W');

    // Typing another RAM name in the table turns the memory check red at once, with no save.
    const ramName = row(page, 3).getByLabel('Nome, Componente 3');
    await ramName.fill('Corsair Vengeance LPX 16GB (2x8GB) DDR4 3200MHz');
    await expect.poll(() => statusOf(page, 'memory_type')).toBe('error');
    expect(await panel(page).locator('[data-rule="memory_type"]').textContent()).toContain('La RAM è DDR4, ma la scheda madre supporta la DDR5');
    await ramName.fill(AM5_BUILD[2]!.name);
    await expect.poll(() => statusOf(page, 'memory_type')).toBe('ok');

    // The CPU's card: the derived socket is offered as "Automatico (AM5)"; choosing AM4 breaks the socket check.
    await row(page, 1).getByRole('button', { name: 'Dettagli di Componente 1' }).click();
    const card = page.getByTestId('component-card');
    await card.waitFor();
    const attributes = card.getByTestId('compatibility-attributes');
    const socket = attributes.getByLabel('Socket', { exact: true });
    expect(await socket.locator('option').first().textContent()).toBe('Automatico (AM5)');
    expect(await attributes.getByLabel('Consumo sotto carico (W)').getAttribute('placeholder')).toBe('Automatico: 162');
    await socket.selectOption('AM4');
    await expect.poll(() => statusOf(page, 'cpu_socket')).toBe('error');
    await socket.selectOption('');
    await expect.poll(() => statusOf(page, 'cpu_socket')).toBe('ok');

    // A power figure typed by the author moves the estimate and, once saved, the server's checks.
    await attributes.getByLabel('Consumo sotto carico (W)').fill('400');
    await expect.poll(() => page.getByTestId('editor-estimated-watts').textContent()).toBe('Consumo stimato: 720 W');
    expect(await statusOf(page, 'psu_power')).toBe('warning');
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-notice').locator('p').textContent()).toBe('Build aggiornata con successo!');

    const saved = await apiGetBuild(e2e.url, token, build.id);
    expect(saved.components.find((component) => component.type === 'CPU')!.attribute_overrides).toEqual({ watts: 400 });
    const report = await apiJson<{ checks: { rule: string; status: string }[]; estimated_watts: number }>(e2e.url, `/admin/builds/${build.id}/compatibility`, { token });
    expect(report.body.estimated_watts).toBe(720);
    expect(report.body.checks.find((check) => check.rule === 'psu_power')!.status).toBe('warning');

    // The public page, server-rendered: not "verificata" while the supply is short of the margin.
    const publicPage = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    try {
      await publicPage.page.goto(`${e2e.url}/build/${build.slug}`);
      const section = publicPage.page.getByTestId('compatibility');
      expect(await section.getByRole('heading').textContent()).toBe('Compatibilità');
      const text = (await section.textContent())!.replace(/\s+/g, ' ');
      expect(text).toContain("Da verificare: Alimentatore — L'alimentatore da 750 W lascia solo il 4 % di margine");
      expect(text).toContain('Consumo stimato: 720 W');
    } finally {
      await publicPage.close();
    }
    expect(unexpectedErrors(opened.errors)).toEqual([]);
  });
});

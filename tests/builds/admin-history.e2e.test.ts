/**
 * The build editor's 'Cronologia': the revisions of a build, the comparison of an older
 * one with the current version, and its restore after a confirmation, which the form takes at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiJson, apiLogin, openAdmin, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe("editor: 'Cronologia'", () => {
  it('lists the revisions, shows what a restore changes, and restores after confirming', async () => {
    const token = await apiLogin(e2e.url);
    const components = [
      { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: null },
      { type: 'GPU', name: 'Radeon RX 9060 XT', price: 349, amazon_link: null },
    ];
    const build = await apiCreateBuild(e2e.url, token, { title: 'Titolo originale', description: 'x', content: 'Prima riga\nSeconda riga', budget: 800, components });
    const saved = await apiJson(e2e.url, `/admin/builds/${build.id}`, {
      method: 'PUT',
      token,
      body: { title: 'Titolo sbagliato', description: 'x', content: 'Prima riga\nRiga cambiata', budget: 800, status: 'draft', components: [{ ...components[0], id: build.components[0]!.id }] },
    });
    expect(saved.status).toBe(200);
    // A change that records no revision (as a price refresh): the comparison is with the build as it is now.
    await e2e.runtime.database.db.updateTable('components').set({ price_cents: 17_499 }).where('id', '=', build.components[0]!.id).execute();

    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    const { page } = opened;
    try {
      await openAdmin(page, e2e.url, `/admin/builds/edit/${build.id}`, token);
      const panel = page.getByTestId('history-panel');
      await panel.getByRole('button', { name: 'Mostra cronologia' }).click();
      const revisions = panel.getByTestId('revision');
      await expect.poll(() => revisions.count()).toBe(2);
      expect(await revisions.nth(0).textContent()).toContain('Salvataggio · admin');
      expect(await revisions.nth(1).textContent()).toContain('Creazione · admin');

      await revisions.nth(1).getByRole('button', { name: "Confronta con l'attuale" }).click();
      const diff = panel.getByTestId('revision-diff');
      await diff.waitFor();
      const diffText = (await diff.textContent())!;
      expect(diffText).toContain('Titolo sbagliato → Titolo originale');
      expect(diffText).toContain('+ Seconda riga');
      expect(diffText).toContain('− Riga cambiata');
      expect(diffText).toContain('Torna: Radeon RX 9060 XT');
      expect(diffText).toMatch(/Prezzo: 174,99\s€ → 199,90\s€/);

      await revisions.nth(1).getByRole('button', { name: 'Ripristina' }).click();
      const dialog = page.getByTestId('restore-revision-dialog');
      await dialog.getByRole('button', { name: 'Ripristina' }).click();
      await expect.poll(() => panel.getByTestId('history-notice').textContent()).toContain('Revisione ripristinata: la build è tornata a quella versione.');
      // The form shows the restored version, and the server has it.
      await expect.poll(() => page.getByLabel('Titolo', { exact: true }).inputValue()).toBe('Titolo originale');
      const now = await apiGetBuild(e2e.url, token, build.id);
      expect(now.title).toBe('Titolo originale');
      expect(now.components.map((component) => component.name).sort()).toEqual(['AMD Ryzen 5 7600', 'Radeon RX 9060 XT']);
      await expect.poll(() => revisions.count()).toBe(3);
      expect(await revisions.nth(0).textContent()).toMatch(/Ripristino della revisione \d+ · admin/);
      expect(unexpectedErrors(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

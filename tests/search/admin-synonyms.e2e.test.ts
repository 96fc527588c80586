/**
 * /admin/synonyms (decision 041): the author adds a group of synonyms, the site search finds the builds of
 * its other words at once, a refused group shows the server's Italian reason beside its form, and a group is
 * edited and deleted. Own server, in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputSchema } from '../../src/modules/builds/builds.schema';
import { sampleBuild } from '../helpers/test-app';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
  await e2e.runtime.services.builds.create(buildInputSchema.parse(sampleBuild({ title: 'Build con Zaffiro Ametista', description: 'Compatta.' })));
}, 120_000);
afterAll(() => e2e?.close());

async function searchTitles(q: string): Promise<string[]> {
  const response = await fetch(`${e2e.url}/api/builds?q=${encodeURIComponent(q)}`);
  const body = (await response.json()) as { builds: { title: string }[] };
  return body.builds.map((build) => build.title);
}

describe('the synonyms screen', () => {
  it('adds, refuses, edits and deletes groups, and the search follows', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport });
    try {
      const { page } = opened;
      await openAdmin(page, e2e.url, '/admin/synonyms');
      await page.getByRole('heading', { name: 'Sinonimi della ricerca' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await searchTitles('ossidiana')).toEqual([]);

      const form = page.getByTestId('synonym-new');
      await form.getByLabel('Parole del gruppo, separate da virgole').fill('ossidiana, zaffiro');
      await form.getByRole('button', { name: 'Aggiungi il gruppo' }).click();
      await page.getByText('Gruppo di sinonimi aggiunto.').waitFor();
      const group = page.getByTestId('synonym-group').filter({ has: page.locator('input[value="ossidiana, zaffiro"]') });
      // The list revalidates after the message: poll, as the notice can paint first.
      await expect.poll(() => group.count()).toBe(1);
      expect(await searchTitles('ossidiana')).toEqual(['Build con Zaffiro Ametista']);

      // Refused: the reason beside the form, what was typed kept.
      await form.getByLabel('Parole del gruppo, separate da virgole').fill('Zaffiro, ametista');
      await form.getByRole('button', { name: 'Aggiungi il gruppo' }).click();
      await page.getByText('«Zaffiro» è già in un altro gruppo di sinonimi').waitFor();
      expect(await form.getByLabel('Parole del gruppo, separate da virgole').inputValue()).toBe('Zaffiro, ametista');

      await group.getByLabel('Parole del gruppo').fill('ossidiana, zaffiro, ametista');
      await group.getByRole('button', { name: 'Salva' }).click();
      await page.getByText('Gruppo di sinonimi salvato.').waitFor();
      expect(await searchTitles('ametista ossidiana')).toEqual(['Build con Zaffiro Ametista']);

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByTestId('synonym-group').filter({ has: page.locator('input[value="ossidiana, zaffiro, ametista"]') }).getByRole('button', { name: 'Elimina' }).click();
      await page.getByText('Gruppo di sinonimi eliminato.').waitFor();
      expect(await searchTitles('ossidiana')).toEqual([]);
      expect(unexpectedErrors(opened.errors, [400])).toEqual([]);
    } finally {
      await opened.context.close();
    }
  });
});

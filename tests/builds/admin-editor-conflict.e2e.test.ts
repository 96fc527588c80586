/**
 * Conditional saves in the build editor (decision 006): the editor sends the updated_at it loaded (and
 * the one each save returns); when the build was changed elsewhere meanwhile the save answers 409 and the
 * editor offers 'Ricarica' (the current version on screen, the author's edits kept as a draft offered with
 * 'Ripristina bozza', also after a page reload) and 'Sovrascrivi' (the author's version saved over it),
 * losing nothing the author typed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BuildAdmin } from '../../src/modules/builds';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { apiCreateBuild, apiGetBuild, apiJson, apiLogin, openAdmin, seriousAxeViolations, unexpectedErrors } from '../e2e/admin-helpers';

const CONFLICT = "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale.";
const UPDATED = 'Build aggiornata con successo!';
const RELOADED = "Questa è la versione attuale della build. Le tue modifiche sono nella bozza: riprendile con 'Ripristina bozza'.";
const OUTDATED = 'La build è stata modificata dopo il salvataggio della bozza.';
const CHANGED_AGAIN = 'La build è stata modificata di nuovo nel frattempo: scegli ancora.';

let e2e: E2EContext;
let token: string;
beforeAll(async () => {
  e2e = await startE2E();
  token = await apiLogin(e2e.url);
});
afterAll(async () => {
  await e2e?.close();
});

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openEditor(id: number): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, `/admin/builds/edit/${id}`);
  await opened.page.getByTestId('build-editor').waitFor();
  return opened.page;
}

const createBuild = (title: string) =>
  apiCreateBuild(e2e.url, token, {
    title,
    description: 'Descrizione originale',
    content: '## Introduzione\n\nTesto originale.',
    components: [
      { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, position: 0 },
      { type: 'GPU', name: 'NVIDIA RTX 5060 Ti', price: 449, position: 1 },
    ],
  });
const getBuild = (id: number) => apiGetBuild(e2e.url, token, id);

/** Another tab or device saves the build: read, change, conditional PUT. */
async function changeElsewhere(id: number, change: (build: BuildAdmin) => Record<string, unknown>): Promise<BuildAdmin> {
  const current = await getBuild(id);
  const response = await apiJson<{ build: BuildAdmin }>(e2e.url, `/admin/builds/${id}`, { method: 'PUT', token, body: { ...current, ...change(current) } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.build;
}

/** The updated_at each PUT of the build carried. */
function recordSavedVersions(page: Page, id: number): (string | null | undefined)[] {
  const versions: (string | null | undefined)[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/admin/builds/${id}`) {
      versions.push((JSON.parse(request.postData() ?? '{}') as { updated_at?: string | null }).updated_at);
    }
  });
  return versions;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The name of the component at `index`, edited in its row of the component table. */
const componentName = (page: Page, index: number) => page.getByLabel(`Nome, Componente ${index + 1}`, { exact: true });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Build modificata altrove' });
const saveNotice = (page: Page) => page.getByTestId('save-notice');
const draftNotice = (page: Page) => page.getByTestId('draft-notice');
const storedDraft = async (page: Page, id: number) => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `build-draft:${id}`)) ?? 'null') as { form: { title: string } } | null;

/** The author's edits: title, article and the first component's name. */
async function typeEdits(page: Page) {
  await field(page, 'Titolo').fill("Titolo dell'autore");
  await field(page, 'Contenuto (Markdown)').fill("## Introduzione\n\nIl testo scritto dall'autore.");
  await componentName(page, 0).fill('AMD Ryzen 7 7700');
}

async function expectAuthorEdits(page: Page) {
  expect(await field(page, 'Titolo').inputValue()).toBe("Titolo dell'autore");
  expect(await componentName(page, 0).inputValue()).toBe('AMD Ryzen 7 7700');
}

describe('build editor: a save after the build changed elsewhere', () => {
  it("shows the conflict with both choices, keeps the form on 'Annulla', and 'Sovrascrivi' saves the author's text", async () => {
    const build = await createBuild('Build contesa');
    const page = await openEditor(build.id);
    const versions = recordSavedVersions(page, build.id);
    await typeEdits(page);
    const elsewhere = await changeElsewhere(build.id, () => ({ title: 'Titolo cambiato altrove', description: 'Descrizione cambiata altrove' }));

    await page.getByTestId('save-button').click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    expect(versions).toEqual([build.updated_at]);
    expect(await dialog.getByText(CONFLICT, { exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Ricarica' }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Sovrascrivi' }).isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing was written, the form holds the author's edits.
    expect((await getBuild(build.id)).title).toBe('Titolo cambiato altrove');

    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectAuthorEdits(page);
    expect(await saveNotice(page).locator('p').textContent()).toBe(CONFLICT);

    await page.getByTestId('save-button').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sovrascrivi' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(UPDATED);
    // Sent over the version that was current then, not the one the editor had loaded.
    expect(versions).toEqual([build.updated_at, build.updated_at, elsewhere.updated_at]);

    const saved = await getBuild(build.id);
    expect(saved.title).toBe("Titolo dell'autore");
    expect(saved.content).toBe("## Introduzione\n\nIl testo scritto dall'autore.");
    expect(saved.description).toBe('Descrizione originale'); // the author's version replaced the other one whole
    expect(saved.components.map((component) => [component.id, component.name])).toEqual([
      [build.components[0]!.id, 'AMD Ryzen 7 7700'],
      [build.components[1]!.id, 'NVIDIA RTX 5060 Ti'],
    ]);
    await expectAuthorEdits(page);

    // The editor now holds the version its save returned: the next save goes through.
    await field(page, 'Titolo').fill("Titolo dell'autore, seconda versione");
    await page.getByTestId('save-button').click();
    await expect.poll(() => versions.length).toBe(4);
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(UPDATED);
    expect(versions[3]).toBe(saved.updated_at);
    expect((await getBuild(build.id)).title).toBe("Titolo dell'autore, seconda versione");
    expect(unexpectedErrors(opened!.errors, [409])).toEqual([]);
  });

  it("'Sovrascrivi' when the build changes once more before it lands: the dialog comes back, and the next try saves", async () => {
    const build = await createBuild('Build contesa due volte');
    const page = await openEditor(build.id);
    const versions = recordSavedVersions(page, build.id);
    await typeEdits(page);
    const first = await changeElsewhere(build.id, () => ({ title: 'Prima modifica altrove' }));
    await page.getByTestId('save-button').click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();

    // The read of 'Sovrascrivi' answers, and another change lands before its save does.
    let second: BuildAdmin | undefined;
    await page.route(`**/api/admin/builds/${build.id}`, async (route) => {
      if (route.request().method() !== 'GET' || second) return route.continue();
      const response = await route.fetch();
      second = await changeElsewhere(build.id, () => ({ title: 'Seconda modifica altrove' }));
      return route.fulfill({ response });
    });
    await dialog.getByRole('button', { name: 'Sovrascrivi' }).click();
    await dialog.getByTestId('conflict-error').getByText(CHANGED_AGAIN).waitFor();
    await page.unroute(`**/api/admin/builds/${build.id}`);
    expect(versions).toEqual([build.updated_at, first.updated_at]);
    expect((await getBuild(build.id)).title).toBe('Seconda modifica altrove');
    await expectAuthorEdits(page);

    await dialog.getByRole('button', { name: 'Sovrascrivi' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(UPDATED);
    expect(versions).toEqual([build.updated_at, first.updated_at, second!.updated_at]);
    expect((await getBuild(build.id)).title).toBe("Titolo dell'autore");
    expect(unexpectedErrors(opened!.errors, [409])).toEqual([]);
  });

  it("'Ricarica' shows the server's version and keeps the author's text as a draft, offered again after a page reload", async () => {
    const build = await createBuild('Build da ricaricare');
    const page = await openEditor(build.id);
    await typeEdits(page);
    const elsewhere = await changeElsewhere(build.id, (current) => ({
      title: 'Titolo cambiato altrove',
      components: current.components.map((component, index) => ({ ...component, name: index === 1 ? 'GPU cambiata altrove' : component.name })),
    }));

    await page.getByTestId('save-button').click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ricarica' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The server's version on screen...
    expect(await field(page, 'Titolo').inputValue()).toBe('Titolo cambiato altrove');
    expect(await componentName(page, 0).inputValue()).toBe('AMD Ryzen 5 7600');
    expect(await componentName(page, 1).inputValue()).toBe('GPU cambiata altrove');
    expect(await saveNotice(page).locator('p').textContent()).toBe(RELOADED);
    // ...and the author's, offered back, stored, and focused so it is not missed.
    const notice = draftNotice(page);
    expect(await notice.getByRole('paragraph').textContent()).toContain(OUTDATED);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ripristina bozza');
    expect((await storedDraft(page, build.id))?.form.title).toBe("Titolo dell'autore");
    expect(await page.getByText('Modifiche non salvate').count()).toBe(0);

    // A page reload (or closing the tab) loses nothing: the draft is offered again.
    await page.reload();
    await page.getByTestId('build-editor').waitFor();
    await notice.waitFor();
    expect(await notice.getByRole('paragraph').textContent()).toContain(OUTDATED);
    expect(await field(page, 'Titolo').inputValue()).toBe('Titolo cambiato altrove');

    await notice.getByRole('button', { name: 'Ripristina bozza' }).click();
    await notice.waitFor({ state: 'detached' });
    await expectAuthorEdits(page);
    await page.getByTestId('save-button').click();
    await expect.poll(() => saveNotice(page).locator('p').textContent()).toBe(UPDATED);

    const saved = await getBuild(build.id);
    expect(saved.title).toBe("Titolo dell'autore");
    expect(saved.updated_at > elsewhere.updated_at).toBe(true);
    expect(await storedDraft(page, build.id)).toBeNull();
    expect(unexpectedErrors(opened!.errors, [409])).toEqual([]);
  });
});

/**
 * Draft recovery in the build editor: unsaved edits survive a revoked session and a reload (localStorage
 * 'build-draft:{id}' / 'build-draft:new'), are offered back with 'Ripristina bozza' / 'Scarta bozza', and
 * nothing is offered when nothing was edited or the server already holds the same values.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime } from '../../src/common/format';
import type { BuildAdmin } from '../../src/modules/builds';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { ADMIN, apiCreateBuild, apiGetBuild, apiJson, apiLogin, openAdmin, seriousAxeViolations, storedToken, unexpectedErrors } from '../e2e/admin-helpers';

const UNSAVED = 'Hai modifiche non salvate. Vuoi davvero uscire?';
const OUTDATED = 'La build è stata modificata dopo il salvataggio della bozza.';
const draftText = (savedAt: string) => `È presente una bozza non salvata di questa build del ${formatDateTime(savedAt)}.`;


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

async function openEditor(path: string): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, path);
  await opened.page.getByTestId('build-editor').waitFor();
  return opened.page;
}

const createBuild = (title: string) => apiCreateBuild(e2e.url, token, { title, components: [{ type: 'CPU', name: 'AMD Ryzen 5 7600', position: 0 }] });
const getBuild = (id: number) => apiGetBuild(e2e.url, token, id);

async function updateBuild(build: BuildAdmin, changes: Partial<BuildAdmin>): Promise<void> {
  const response = await apiJson(e2e.url, `/admin/builds/${build.id}`, { method: 'PUT', token, body: { ...build, ...changes } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The first component's name, edited in its row of the component table. */
const componentName = (page: Page) => page.getByLabel('Nome, Componente 1', { exact: true });
const draftNotice = (page: Page) => page.getByTestId('draft-notice');
const storedDraft = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
const savedAt = async (page: Page, key: string) => (JSON.parse((await storedDraft(page, key)) ?? 'null') as { savedAt: string }).savedAt;
const waitForDraft = (page: Page, key: string, present: boolean) =>
  page.waitForFunction(({ name, wanted }) => (localStorage.getItem(name) !== null) === wanted, { name: key, wanted: present });

/** Accepts every dialog (unsaved-changes confirm, beforeunload), keeping the confirm texts seen. */
function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'confirm') messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

describe('build editor: draft recovery', () => {
  it('revoked session: the edits come back after logging in again, are saved, and the draft is removed', async () => {
    const build = await createBuild('Build da non perdere');
    const path = `/admin/builds/edit/${build.id}`;
    const key = `build-draft:${build.id}`;
    const page = await openEditor(path);
    const confirms = acceptDialogs(page);

    await field(page, 'Titolo').fill('Build da non perdere, rivista');
    await componentName(page).fill('AMD Ryzen 7 7700');
    const session = await storedToken(page);
    expect(session).not.toBeNull();
    const logout = await apiJson(e2e.url, '/auth/logout', { method: 'POST', token: session! });
    expect(logout.status).toBe(200);

    await page.getByTestId('save-button').click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    expect(confirms.every((message) => message === UNSAVED)).toBe(true);
    await waitForDraft(page, key, true);

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('admin-shell').waitFor();
    await page.waitForURL((url) => url.pathname !== '/admin/login');
    await page.goto(`${e2e.url}${path}`);
    await page.getByTestId('build-editor').waitFor();

    const notice = draftNotice(page);
    await notice.waitFor();
    expect(await notice.getByRole('paragraph').textContent()).toBe(draftText(await savedAt(page, key)));
    expect(await field(page, 'Titolo').inputValue()).toBe('Build da non perdere');

    await notice.getByRole('button', { name: 'Ripristina bozza' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await field(page, 'Titolo').inputValue()).toBe('Build da non perdere, rivista');
    expect(await componentName(page).inputValue()).toBe('AMD Ryzen 7 7700');
    await page.getByText('Modifiche non salvate').waitFor();

    await page.getByTestId('save-button').click();
    await page.getByTestId('save-notice').getByText('Build aggiornata con successo!').waitFor();
    const saved = await getBuild(build.id);
    expect(saved.title).toBe('Build da non perdere, rivista');
    expect(saved.components.map((component) => [component.id, component.name])).toEqual(build.components.map((component) => [component.id, 'AMD Ryzen 7 7700']));
    expect(await storedDraft(page, key)).toBeNull();
    expect(unexpectedErrors(opened!.errors, [401])).toEqual([]);
  });

  it("new build: the title survives a reload; 'Scarta bozza' leaves the form empty and removes the draft", async () => {
    const page = await openEditor('/admin/builds/new');
    acceptDialogs(page);
    await field(page, 'Titolo').fill('Una build mai salvata');
    // Counts the DOM changes after which the editor is on screen without the offer of its draft.
    await page.addInitScript(() => {
      const w = window as unknown as { editorWithoutOffer: number };
      w.editorWithoutOffer = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="build-editor"]') && !document.querySelector('[data-testid="draft-notice"]')) w.editorWithoutOffer += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByTestId('build-editor').waitFor();

    const notice = draftNotice(page);
    await notice.waitFor();
    // The offer comes with the editor's first paint: the form never shows without it, nor moves down after.
    expect(await page.evaluate(() => (window as unknown as { editorWithoutOffer: number }).editorWithoutOffer)).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/builds/new');
    expect(await notice.getByRole('paragraph').textContent()).toBe(draftText(await savedAt(page, 'build-draft:new')));
    expect(await field(page, 'Titolo').inputValue()).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await notice.getByRole('button', { name: 'Scarta bozza' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await field(page, 'Titolo').inputValue()).toBe('');
    expect(await page.getByText('Modifiche non salvate').count()).toBe(0);
    expect(await storedDraft(page, 'build-draft:new')).toBeNull();
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('build saved elsewhere after the draft: the Notice says so', async () => {
    const build = await createBuild('Build modificata altrove');
    const path = `/admin/builds/edit/${build.id}`;
    const key = `build-draft:${build.id}`;
    const page = await openEditor(path);
    acceptDialogs(page);
    await field(page, 'Titolo').fill('Build modificata qui');
    await waitForDraft(page, key, true);
    await updateBuild(build, { description: 'Cambiata da un altro editor' });

    await page.reload();
    await page.getByTestId('build-editor').waitFor();
    const notice = draftNotice(page);
    await notice.waitFor();
    expect(await notice.getByRole('paragraph').textContent()).toBe(`${draftText(await savedAt(page, key))} ${OUTDATED}`);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('no Notice when nothing was edited, or when the server already holds the draft', async () => {
    const build = await createBuild('Build senza bozza');
    const path = `/admin/builds/edit/${build.id}`;
    const key = `build-draft:${build.id}`;
    const page = await openEditor(path);
    const confirms = acceptDialogs(page);

    // Nothing edited: leaving asks nothing and stores nothing.
    await page.getByRole('link', { name: 'Annulla' }).click();
    await page.waitForURL(`${e2e.url}/admin/builds`);
    expect(confirms).toEqual([]);
    expect(await storedDraft(page, key)).toBeNull();
    await page.goto(`${e2e.url}${path}`);
    await page.getByTestId('build-editor').waitFor();
    expect(await draftNotice(page).count()).toBe(0);

    // A draft with the values the server now holds (saved from another tab): not offered, and dropped.
    await field(page, 'Titolo').fill('Build salvata altrove');
    await waitForDraft(page, key, true);
    await updateBuild(build, { title: 'Build salvata altrove' });
    await page.reload();
    await page.getByTestId('build-editor').waitFor();
    await waitForDraft(page, key, false);
    expect(await draftNotice(page).count()).toBe(0);
    expect(await field(page, 'Titolo').inputValue()).toBe('Build salvata altrove');
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

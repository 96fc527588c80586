/**
 * /admin/change-password (product spec, "Change password", "Validation rules", "Error catalogue"): live
 * rules, strength meter, show/hide toggles, the client checks in the spec's order, the server's errors,
 * success with the 2 s redirect, and "Esci da tutti i dispositivi". Own server: the last test changes the
 * admin password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';
import { ADMIN, apiJson, apiLogin, openAdmin, storedToken, timePasswordRedirect, unexpectedErrors } from '../e2e/admin-helpers';

const RULES = ['Minimo 8 caratteri', 'Almeno una lettera maiuscola', 'Almeno una lettera minuscola', 'Almeno un numero', 'Almeno un carattere speciale (!@#$%...)'];
const NEW_PASSWORD = 'Nuova!Passw0rd#2027';

let e2e: E2EContext;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openForm(): Promise<Page> {
  opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
  await openAdmin(opened.page, e2e.url, '/admin/change-password');
  await opened.page.getByTestId('change-password-form').waitFor();
  return opened.page;
}

const field = (page: Page, label: 'Password corrente' | 'Nuova password' | 'Conferma nuova password') => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: /Aggiorna Password|Aggiornamento\.\.\./ });
const errorBox = (page: Page) => page.getByTestId('password-error');

async function fillForm(page: Page, current: string, next: string, confirm: string) {
  await field(page, 'Password corrente').fill(current);
  await field(page, 'Nuova password').fill(next);
  await field(page, 'Conferma nuova password').fill(confirm);
}

describe('change password', () => {
  it('requirements box, tips, cancel link; rules marked live; strength labels; submit disabled on violations', async () => {
    const page = await openForm();
    expect(await page.title()).toBe('Cambia Password | Build PC CMS');
    const rules = page.getByTestId('password-requirements').locator('li');
    expect((await rules.allTextContents()).map((text) => text.replace(/\s*\((non )?soddisfatto\)$/, '').replace(/^[✓○]\s*/, ''))).toEqual(RULES);
    expect(await page.getByTestId('password-tips').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Annulla' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByTestId('strength-meter').isVisible()).toBe(false);
    expect(await submit(page).isDisabled()).toBe(true);

    const cases = [
      { password: 'a', label: 'Molto Debole', percent: 20, met: [false, false, true, false, false] },
      { password: 'ab1', label: 'Debole', percent: 40, met: [false, false, true, true, false] },
      { password: 'Ab1', label: 'Media', percent: 60, met: [false, true, true, true, false] },
      { password: 'Abcdefg1', label: 'Forte', percent: 80, met: [true, true, true, true, false] },
      { password: 'Abcdefg1!', label: 'Molto Forte', percent: 100, met: [true, true, true, true, true] },
      { password: '!!!', label: 'Molto Debole', percent: 20, met: [false, false, false, false, true] },
    ];
    for (const { password, label, percent, met } of cases) {
      await field(page, 'Nuova password').fill(password);
      expect(await page.getByTestId('strength-label').textContent()).toBe(label);
      expect(await page.getByTestId('strength-percent').textContent()).toBe(`(${percent}%)`);
      expect(await page.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(percent));
      expect(await page.getByTestId('strength-bar').evaluate((bar) => (bar as HTMLElement).style.width)).toBe(`${percent}%`);
      expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met') === 'true'))).toEqual(met);
      expect(await submit(page).isDisabled()).toBe(percent < 100);
    }
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it('show/hide toggles on each field', async () => {
    const page = await openForm();
    const toggles = page.getByTestId('change-password-form').getByRole('button', { name: /password$/ });
    expect(await toggles.count()).toBe(3);
    for (const [index, label] of (['Password corrente', 'Nuova password', 'Conferma nuova password'] as const).entries()) {
      const toggle = toggles.nth(index);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await toggle.getAttribute('aria-label')).toBe('Mostra password');
      expect(await field(page, label).getAttribute('type')).toBe('password');
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.getAttribute('aria-label')).toBe('Nascondi password');
      expect(await field(page, label).getAttribute('type')).toBe('text');
      await toggle.click();
      expect(await field(page, label).getAttribute('type')).toBe('password');
    }
  });

  it("client checks in the spec's order, without a request; then the server's 'Password corrente non valida'", async () => {
    const page = await openForm();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/change-password')) requests.push(request.method());
    });

    // 1. current empty (the other checks would pass)
    await fillForm(page, '', 'Abcdefg1!', 'Abcdefg1!');
    await submit(page).click();
    await errorBox(page).waitFor();
    expect(await errorBox(page).textContent()).toBe('Inserisci la password corrente');
    expect(await errorBox(page).getAttribute('role')).toBe('alert');

    // 2. new fails the rules (also mismatched): the button is disabled, so the form is submitted directly.
    await fillForm(page, 'Qualcosa1!', 'debole', 'diversa');
    expect(await submit(page).isDisabled()).toBe(true);
    await page.getByTestId('change-password-form').evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await expect.poll(() => errorBox(page).locator('p').first().textContent()).toBe('La password non soddisfa i requisiti di sicurezza');
    expect(await errorBox(page).locator('li').allTextContents()).toEqual([RULES[0], RULES[1], RULES[3], RULES[4]]);

    // 3. new differs from confirm (and equals current)
    await fillForm(page, 'Abcdefg1!', 'Abcdefg1!', 'Abcdefg1?');
    await submit(page).click();
    await expect.poll(() => errorBox(page).textContent()).toBe('Le password non corrispondono');

    // 4. new equals current
    await fillForm(page, 'Abcdefg1!', 'Abcdefg1!', 'Abcdefg1!');
    await submit(page).click();
    await expect.poll(() => errorBox(page).textContent()).toBe('La nuova password deve essere diversa da quella corrente');
    expect(requests).toEqual([]);

    // 5. the server: wrong current password is a 400 (the session stays)
    await fillForm(page, 'Sbagliata1!', NEW_PASSWORD, NEW_PASSWORD);
    await submit(page).click();
    await expect.poll(() => errorBox(page).textContent()).toBe('Password corrente non valida');
    expect(requests).toEqual(['POST']);
    expect(new URL(page.url()).pathname).toBe('/admin/change-password');
    expect(await storedToken(page)).toBeTruthy();
    expect(await submit(page).isEnabled()).toBe(true);
    expect(unexpectedErrors(opened!.errors, [400])).toEqual([]);
  });

  it("'Esci da tutti i dispositivi': asks first; then every session ends, this one included, and the login opens", async () => {
    const page = await openForm();
    const ownToken = await storedToken(page);
    const otherDevice = await apiLogin(e2e.url);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/logout-all')) requests.push(request.method());
    });
    const section = page.getByTestId('logout-everywhere');
    expect(await section.getByRole('heading').textContent()).toBe('Dispositivi connessi');
    const button = section.getByRole('button', { name: 'Esci da tutti i dispositivi' });

    // Dismissed: nothing happens.
    let message = '';
    page.once('dialog', (confirm) => {
      message = confirm.message();
      void confirm.dismiss();
    });
    await button.click();
    expect(message).toBe('Vuoi uscire da tutti i dispositivi? Verranno chiuse tutte le sessioni aperte, compresa questa, e dovrai accedere di nuovo.');
    expect(requests).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/admin/change-password');
    expect((await apiJson(e2e.url, '/auth/verify', { token: otherDevice })).status).toBe(200);

    // Accepted: both sessions end, the token is forgotten and the login opens.
    page.once('dialog', (confirm) => void confirm.accept());
    await button.click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    expect(requests).toEqual(['POST']);
    expect(await storedToken(page)).toBeNull();
    for (const token of [ownToken!, otherDevice]) expect((await apiJson(e2e.url, '/auth/verify', { token })).status).toBe(401);
    await page.getByLabel('Username').waitFor();
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });

  it("success: 'Aggiornamento...', green notice, disabled form, /admin after ~2 s; then the new password works", async () => {
    const page = await openForm();
    // Hold the request until the submitting state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/change-password', async (route) => {
      await held;
      await route.continue();
    });
    await fillForm(page, ADMIN.password, NEW_PASSWORD, NEW_PASSWORD);
    await submit(page).click();
    await expect.poll(() => submit(page).textContent()).toBe('Aggiornamento...');
    expect(await submit(page).isDisabled()).toBe(true);
    const redirectDelay = await timePasswordRedirect(page);
    release();

    const notice = page.getByTestId('password-success');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toContain('Password aggiornata con successo!');
    expect(await notice.textContent()).toContain('Verrai reindirizzato alla dashboard...');
    expect(await notice.evaluate((node) => node.className)).toContain('bg-green-50');
    expect(await page.locator('[data-testid="change-password-form"] fieldset').evaluate((node) => (node as HTMLFieldSetElement).disabled)).toBe(true);
    expect(await field(page, 'Password corrente').isDisabled()).toBe(true);
    expect(await page.getByTestId('password-error').count()).toBe(0);

    await page.waitForURL(`${e2e.url}/admin`);
    const elapsed = await redirectDelay();
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(4000);
    await page.getByTestId('stat-total').waitFor();

    // The current session survived; log out and back in with the new password.
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByTestId('admin-shell').waitFor();
    const old = await apiJson(e2e.url, '/auth/login', { method: 'POST', body: { username: ADMIN.username, password: ADMIN.password } });
    expect(old.status).toBe(401);
    expect(unexpectedErrors(opened!.errors)).toEqual([]);
  });
});

/** Helpers for the admin CMS browser tests: API sign-in, token injection, axe, expected console noise. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { BuildAdmin } from '../../src/modules/builds';

export const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' } as const;
const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');

export async function apiJson<T>(url: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}/api${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: response.status, body: (await response.json()) as T };
}

/** Creates a build through the admin API: a draft unless `body` says otherwise. */
export async function apiCreateBuild(url: string, token: string, body: Record<string, unknown>): Promise<BuildAdmin> {
  const response = await apiJson<{ build: BuildAdmin }>(url, '/admin/builds', { method: 'POST', token, body: { status: 'draft', ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

/** A build as the admin API returns it now. */
export async function apiGetBuild(url: string, token: string, id: number): Promise<BuildAdmin> {
  const response = await apiJson<{ build: BuildAdmin }>(url, `/admin/builds/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body.build;
}

export interface GroupMember {
  asin: string;
  name: string;
  price: number | null;
  priority: number;
}

/** Creates a group of alternatives through the admin API, then adds `members` to it in order. */
export async function apiCreateCategory<T extends { id: number; name: string }>(
  url: string,
  token: string,
  group: { name: string; description: string | null; componentType: string },
  members: readonly GroupMember[] = [],
): Promise<T> {
  const created = await apiJson<{ category: T }>(url, '/admin/alternative-categories', {
    method: 'POST',
    token,
    body: { name: group.name, description: group.description, component_type: group.componentType },
  });
  expect(created.status).toBe(201);
  for (const member of members) {
    const added = await apiJson(url, `/admin/alternative-categories/${created.body.category.id}/alternatives`, {
      method: 'POST',
      token,
      body: { alternativeAsin: member.asin, alternativeName: member.name, alternativePrice: member.price, priority: member.priority },
    });
    expect(added.status).toBe(201);
  }
  return created.body.category;
}

/** A fresh session token from the API (no browser involved). */
export async function apiLogin(url: string, password: string = ADMIN.password): Promise<string> {
  const { status, body } = await apiJson<{ token: string }>(url, '/auth/login', { method: 'POST', body: { username: ADMIN.username, password } });
  expect(status).toBe(200);
  return body.token;
}

/** Stores `token` in the page's localStorage (on a static file of the origin), without loading the app. */
export async function storeToken(page: Page, url: string, token: string | null): Promise<void> {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate((value) => (value === null ? localStorage.removeItem('token') : localStorage.setItem('token', value)), token);
}

/** Stores the admin theme choice (`admin-dark-mode` 'true' | 'false') before the admin is loaded. */
export async function storeAdminTheme(page: Page, url: string, darkMode: string): Promise<void> {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate((value) => localStorage.setItem('admin-dark-mode', value), darkMode);
}

/** Signs in through the API and opens `path` in the admin, waiting for the shell. */
export async function openAdmin(page: Page, url: string, path = '/admin', token?: string): Promise<string> {
  const session = token ?? (await apiLogin(url));
  await storeToken(page, url, session);
  await page.goto(`${url}${path}`);
  await page.getByTestId('admin-shell').waitFor();
  return session;
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
export const htmlClasses = (page: Page) => page.evaluate(() => document.documentElement.className.split(/\s+/).filter(Boolean));

/**
 * Page errors, minus the console lines Chromium prints for expected non-2xx API answers. (The /favicon.ico
 * Chromium asks for itself when storeToken() opens the bare SVG file is served, so it is no error.)
 */
export function unexpectedErrors(errors: string[], allowedStatuses: number[] = []): string[] {
  return errors.filter((error) => !allowedStatuses.some((status) => error.includes(`Failed to load resource: the server responded with a status of ${status}`)));
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { html: string; target: unknown[]; failureSummary?: string }[];
}

/** Serious or critical axe violations, described for a readable failure. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, not added as a <script>: the admin's CSP refuses inline scripts without its
  // nonce (decision 026), and an evaluation is not subject to the page's policy.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `[${violation.impact}] ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ${node.html}`));
}

/**
 * Times, in the page, the delay from the password-change success notice appearing to the router's push of
 * /admin. Timed from this process it would include the test's own waits, which on a busy machine can take
 * longer than the margin. Call it before submitting; the returned function reads the delay once /admin is reached.
 */
export async function timePasswordRedirect(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const times: { shown?: number; left?: number } = {};
    (window as unknown as { redirectTimes: typeof times }).redirectTimes = times;
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="password-success"]')) return;
      times.shown = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      push(...args);
      if (location.pathname !== '/admin') return;
      times.left = performance.now();
      history.pushState = push;
    };
  });
  return async () => {
    const { shown, left } = await page.evaluate(() => (window as unknown as { redirectTimes: { shown?: number; left?: number } }).redirectTimes);
    expect(shown, 'success notice seen').toBeDefined();
    expect(left, 'push of /admin seen').toBeDefined();
    return left! - shown!;
  };
}

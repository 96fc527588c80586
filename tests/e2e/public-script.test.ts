/**
 * Public pages are documents, not an app (decision 017): in Chromium they load no script file at all,
 * carry exactly two inline scripts of our own (the theme in <head>, the page script at the end of
 * <body>), and stay within the budget of 15 KB gzip of script per page. The admin, a client app, still
 * loads React Router and hydrates.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from './harness';
import { expectNoErrors, listPublished } from './public-fixtures';

const BUDGET_GZIP_BYTES = 15 * 1024;

let e2e: E2EContext;
let buildPath: string;
beforeAll(async () => {
  e2e = await startE2E();
  const [first] = await listPublished(e2e.url);
  buildPath = `/build/${first!.slug}`;
});
afterAll(() => e2e?.close());

interface ScriptReport {
  /** Script files the page loaded (responses of resource type "script"), with their gzip size. */
  files: { url: string; gzipBytes: number }[];
  /** Inline scripts that are code (JSON-LD is data), with their text. */
  inline: string[];
  /** <script src>, module scripts and modulepreload links in the DOM. */
  frameworkTags: number;
  reactRouter: boolean;
  gzipBytes: number;
}

/** Opens `path` and accounts for every byte of script it brings. */
async function scriptsOf(page: Page, path: string, status: number): Promise<ScriptReport> {
  const scriptResponses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scriptResponses.push(response);
  });
  const response = await page.goto(`${e2e.url}${path}`, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(status);
  const files = await Promise.all(scriptResponses.map(async (script) => ({ url: script.url(), gzipBytes: gzipSync(await script.body()).length })));
  const dom = await page.evaluate(() => ({
    inline: [...document.scripts].filter((script) => !script.src && script.type !== 'application/ld+json').map((script) => script.textContent),
    frameworkTags: document.querySelectorAll('script[src], script[type="module"], link[rel="modulepreload"]').length,
    reactRouter: '__reactRouterContext' in window || '__reactRouterManifest' in window,
  }));
  const inlineBytes = dom.inline.reduce((sum, text) => sum + gzipSync(Buffer.from(text)).length, 0);
  return { files, ...dom, gzipBytes: inlineBytes + files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

const PAGES = [
  { name: 'home', path: () => '/', status: 200 },
  { name: 'filtered home', path: () => '/?categoria=gaming&budget=800-1500', status: 200 },
  { name: 'build page', path: () => buildPath, status: 200 },
  { name: 'missing build', path: () => '/build/non-esiste', status: 404 },
  { name: 'not-found page', path: () => '/qualcosa/che/non/esiste', status: 404 },
];

describe.each(VIEWPORTS)('script on public pages at $name', ({ viewport }) => {
  it.each(PAGES)('$name: no script file, only our two inline scripts, within 15 KB gzip', async ({ path, status }) => {
    const opened = await newPage(e2e.browser, { viewport });
    try {
      const report = await scriptsOf(opened.page, path(), status);
      expect(report.files).toEqual([]);
      expect(report.frameworkTags).toBe(0);
      expect(report.reactRouter).toBe(false);
      expect(report.inline).toHaveLength(2);
      expect(report.inline[0]).toContain("localStorage.getItem('theme')");
      expect(report.inline[1]).toContain('data-enhance=');
      expect(report.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
      console.log(`[script budget] ${path()} ${viewport.width}px: ${report.gzipBytes} B gzip of script (${report.files.length} files)`);
      expectNoErrors(opened.errors, status === 404 ? [`${e2e.url}${path()}`] : []);
    } finally {
      await opened.close();
    }
  });
});

describe('the admin is still a client app', () => {
  it('loads React Router and hydrates the login screen', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      const report = await scriptsOf(opened.page, '/admin/login', 200);
      expect(report.files.length).toBeGreaterThan(0);
      expect(report.reactRouter).toBe(true);
      expect(report.inline.some((text) => text.includes('data-enhance='))).toBe(false);
      await opened.page.waitForFunction(() => {
        const form = document.querySelector('form');
        return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
      });
      expect(report.gzipBytes).toBeGreaterThan(BUDGET_GZIP_BYTES); // what the public pages no longer load
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });
});

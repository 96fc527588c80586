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
let variantPath: string;
let comparePath: string;

interface OfferedComponent {
  id: number;
  price: number;
  alternatives: { asin: string; price: number }[];
}

/**
 * A personalised variant (decision 030) of the published build with the most alternatives: its first
 * two components with alternatives swapped to their first one, its last other component owned, and a
 * budget 50 € under the variant's total (the fit then has to look for more swaps). Its page has the
 * "Personalizza" section and the variant's notices: it must stay within the same script budget.
 */
async function personalisedVariantPath(baseUrl: string, slugs: string[]): Promise<string> {
  let best: { slug: string; components: OfferedComponent[]; offered: number } | null = null;
  for (const slug of slugs) {
    const response = await fetch(`${baseUrl}/api/builds/${slug}`);
    expect(response.status).toBe(200);
    const { build } = (await response.json()) as { build: { components: OfferedComponent[] } };
    const offered = build.components.reduce((sum, component) => sum + component.alternatives.length, 0);
    if (!best || offered > best.offered) best = { slug, components: build.components, offered };
  }
  const swapped = best!.components.filter((component) => component.alternatives.length > 0).slice(0, 2);
  expect(swapped).toHaveLength(2);
  const owned = [...best!.components].reverse().find((component) => !swapped.includes(component))!;
  const total = best!.components
    .filter((component) => component !== owned)
    .reduce((sum, component) => sum + (swapped.includes(component) ? component.alternatives[0]!.price : component.price), 0);
  const choices = swapped.map((component) => `scegli=${component.id}:${component.alternatives[0]!.asin}`).join('&');
  const path = `/build/${best!.slug}?${choices}&possiedo=${owned.id}&budget=${Math.max(1, Math.round(total) - 50)}`;
  // The variant really is one, or the case below would measure the author's page again.
  const page = await fetch(`${baseUrl}${path}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Configurazione personalizzata');
  return path;
}

beforeAll(async () => {
  e2e = await startE2E();
  const published = await listPublished(e2e.url);
  buildPath = `/build/${published[0]!.slug}`;
  comparePath = `/confronta?${published.slice(0, 3).map((build) => `build=${build.slug}`).join('&')}`;
  variantPath = await personalisedVariantPath(e2e.url, published.map((build) => build.slug));
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
  { name: 'personalised build page (2 swaps, 1 owned, budget)', path: () => variantPath, status: 200 },
  { name: 'search results', path: () => '/cerca?q=gaming', status: 200 },
  { name: 'comparison of three builds', path: () => comparePath, status: 200 },
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

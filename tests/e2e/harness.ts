/**
 * Browser test harness: the real production server on a fresh SQLite database with the demo content,
 * and Debian's Chromium driven by playwright-core. Never downloads a browser.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../../src/config/env';
import { bootstrap, type Runtime } from '../../src/server/bootstrap';
import { type RunningServer, startHttpServer } from '../../src/server/http-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';

export { CHROMIUM_PATH };

export interface E2EContext {
  url: string;
  browser: Browser;
  /** The server's own runtime (database, services), for tests that must set up state no API offers. */
  runtime: Runtime;
  close(): Promise<void>;
}

/** The settings of every start: a test's own settings come on top. */
function baseSettings(dir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: join(dir, 'e2e.sqlite'),
    LOG_REQUESTS: 'false',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'Adm1n!Secure#2026',
    // The first start's uploads (the demo covers) stay with the test's database.
    UPLOAD_DIR: join(dir, 'uploads'),
  };
}

/**
 * Settings that change what a first start stores: a test that sets one gets a first start of its own. (Where
 * the uploads go, UPLOAD_DIR, does not: the template's are copied there.)
 */
const FIRST_START_SETTINGS = ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'UPLOAD_MAX_MB', 'UPLOAD_STORAGE', 'DATABASE_URL'];

/**
 * A first start (migrations, the first admin with production's password hashing, the demo content and its seven
 * covers through the image pipeline) costs seconds of CPU, and every file would pay them for the same result. So
 * the first file of a worker that needs one makes it once, stopped and kept as a template (its SQLite file and
 * its uploads; the worker runs the files one after the other and keeps this module, vitest.e2e.config.ts), and
 * later starts copy it: a database as a first start leaves it, to which the server then starts as it would on
 * its second day. A test about the first start itself asks for a real one (`firstStart: true`).
 */
let template: Promise<string> | null = null;

function firstStartTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'buildpc-e2e-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const runtime = await bootstrap(loadConfig(baseSettings(dir)), { runJobs: false });
    await runtime.shutdown();
    return dir;
  })();
  return template;
}

async function copyOfFirstStart(dir: string, uploadDir: string): Promise<void> {
  const source = await firstStartTemplate();
  // A stopped SQLite database is its file (the last connection checkpoints the WAL when it closes; copied if left).
  for (const file of readdirSync(source).filter((name) => name.startsWith('e2e.sqlite'))) cpSync(join(source, file), join(dir, file));
  cpSync(join(source, 'uploads'), uploadDir, { recursive: true });
}

export async function startE2E(env: Record<string, string> = {}, options: { firstStart?: boolean } = {}): Promise<E2EContext> {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-e2e-'));
  const settings = { ...baseSettings(dir), ...env };
  if (!options.firstStart && !FIRST_START_SETTINGS.some((name) => name in env)) await copyOfFirstStart(dir, resolve(env.UPLOAD_DIR ?? join(dir, 'uploads')));
  const runtime = await bootstrap(loadConfig(settings));
  const build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
  const server: RunningServer = await startHttpServer(runtime, build, resolve('build/client'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    url: server.url,
    browser,
    runtime,
    close: async () => {
      await browser.close();
      await server.close();
      await runtime.shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The two layouts the public pages are checked at. */
export const VIEWPORTS = [
  { name: 'mobile 390x844', mobile: true, viewport: { width: 390, height: 844 } },
  { name: 'desktop 1440x900', mobile: false, viewport: { width: 1440, height: 900 } },
] as const;

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Amazon's image host, whose links the fake Creators API hands out (tests/fakes/creators-api.ts, fakeImageUrl). */
export const RETAILER_IMAGE_HOST = 'https://m.media-amazon.com';
/** A 1x1 PNG: what the browser gets for any retailer image. */
const RETAILER_IMAGE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * A page in a fresh browser context (its own storage), collecting page errors and console errors.
 * Options are Playwright's context options (viewport, colorScheme, reducedMotion, javaScriptEnabled...).
 * Retailer images (component thumbnails, search results) are answered here: a test never reaches Amazon.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', ...options });
  await context.route(`${RETAILER_IMAGE_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: RETAILER_IMAGE }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return { context, page, errors, close: () => context.close() };
}

/**
 * The accessibility tree's view of the element `selector` matches, as Chromium exposes it to assistive
 * technologies (role, name, and states such as expanded), read over the DevTools protocol.
 */
export async function accessibleNode(page: Page, selector: string): Promise<{ role: string; name: string; expanded: boolean | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0]!;
    const expanded = node.properties?.find((property) => property.name === 'expanded')?.value.value as boolean | undefined;
    return { role: String(node.role?.value ?? ''), name: String(node.name?.value ?? ''), expanded };
  } finally {
    await cdp.detach();
  }
}

/** Resolves once every running CSS animation (e.g. the build cards' entrance) has finished. */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)).then(() => undefined));
}

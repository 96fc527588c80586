/**
 * The pages' Content-Security-Policy for scripts (decision 026), on SQLite and PostgreSQL, pages rendered by
 * the production build of React Router's pages requested through the app, behind the page cache:
 * - every admin screen: `script-src 'self' 'nonce-…'`, a nonce new for each answer carried by every inline
 *   script of the HTML, never 'unsafe-inline', never stored (`no-store`, never served from the page cache);
 * - public documents: `script-src 'self'` and the SHA-256 of each inline script the HTML carries, computed
 *   here from the bytes served, the same on a cache hit;
 * - any other HTML: no inline script at all.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/middleware/security-headers';
import { catalogue, type InsertedBuild, insertBuilds } from '../helpers/catalogue';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, type TestContext } from '../helpers/test-app';

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

/** Every screen routes.ts lists under /admin (resource routes of the editor aside: they answer JSON). */
const ADMIN_SCREENS = [
  '/admin/login',
  '/admin',
  '/admin/builds',
  '/admin/builds/new',
  '/admin/builds/edit/1',
  '/admin/alternatives',
  '/admin/replacements',
  '/admin/change-password',
];

let pages: PageBuild;
let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  [{ slug }] = (await insertBuilds(ctx.database.db, catalogue(1))) as [InsertedBuild];
  await ctx.services.events.emitChange();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

async function getPage(path: string) {
  const response = await ctx.app.request(path, { headers: BROWSER });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every <script> of the page: its start tag, its nonce attribute, whether it runs, and its text as served. */
function scripts(html: string) {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].map((match) => {
    const tag = match[1]!;
    return {
      tag,
      nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] ?? null,
      // JSON-LD is data the browser never runs; the CSP does not apply to it.
      data: /\stype="application\/(ld\+)?json"/.test(tag),
      src: /\ssrc=/.test(tag),
      text: match[2]!,
    };
  });
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('admin screens: a fresh nonce on every answer, no inline script without it', () => {
  it.each(ADMIN_SCREENS)('%s', async (path) => {
    const first = await getPage(path);
    expect(first.status).toBe(200);
    const scriptSrc = directives(first.headers.get('Content-Security-Policy')).get('script-src')!;
    expect(scriptSrc).toHaveLength(2);
    expect(scriptSrc[0]).toBe("'self'");
    const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(scriptSrc[1]!)?.[1];
    expect(nonce, `script-src ${scriptSrc.join(' ')}`).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");

    const inline = scripts(first.html).filter((script) => !script.src);
    // The theme script, React Router's context and its module script at least.
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const script of inline) expect(script.nonce, script.tag).toBe(nonce);
    expect(first.html).toContain('__reactRouterContext');

    expect(first.headers.get('Cache-Control')).toBe('no-store');
    const second = await getPage(path);
    const secondNonce = /'nonce-([^']+)'/.exec(second.headers.get('Content-Security-Policy')!)?.[1];
    expect(secondNonce).toBeDefined();
    expect(secondNonce).not.toBe(nonce);
    expect(second.html).not.toContain(nonce);
    for (const script of scripts(second.html).filter((each) => !each.src)) expect(script.nonce).toBe(secondNonce);
  });

  it('a HEAD of an admin screen carries the nonce policy too, and is not stored', async () => {
    const response = await ctx.app.request('/admin', { method: 'HEAD', headers: BROWSER });
    expect(response.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('public documents: the hashes of their inline scripts, no nonce, no unsafe-inline', () => {
  const PUBLIC_PAGES = [
    { name: 'home', path: () => '/', status: 200 },
    { name: 'a category', path: () => '/?categoria=gaming', status: 200 },
    { name: 'a build page', path: () => `/build/${slug}`, status: 200 },
    { name: 'a missing build', path: () => '/build/non-esiste', status: 404 },
    { name: 'the not-found page', path: () => '/qualcosa/che/non/esiste', status: 404 },
  ];

  it.each(PUBLIC_PAGES)('$name: script-src lists exactly the SHA-256 of each inline script served', async ({ path, status }) => {
    // Twice: the first answer is rendered, the second (for the cached pages) comes from the page cache.
    for (const attempt of ['rendered', 'again']) {
      const page = await getPage(path());
      expect(page.status, attempt).toBe(status);
      const scriptSrc = directives(page.headers.get('Content-Security-Policy')).get('script-src')!;
      const served = scripts(page.html);
      const running = served.filter((script) => !script.data);
      expect(running.map((script) => script.src)).toEqual([false, false]); // the theme script and the page script
      expect(running.map((script) => script.nonce)).toEqual([null, null]);
      expect(scriptSrc).toEqual(["'self'", ...running.map((script) => sha256Source(script.text))]);
      expect(scriptSrc.join(' '), attempt).not.toMatch(/unsafe-inline|nonce-/);
    }
  });

  it("the build page's JSON-LD is served as data and needs no hash", async () => {
    const page = await getPage(`/build/${slug}`);
    const data = scripts(page.html).filter((script) => script.data);
    expect(data.length).toBeGreaterThan(0);
    for (const script of data) expect(() => JSON.parse(script.text) as unknown).not.toThrow();
  });

  it('the policy is the same on every public page: the hashes do not depend on the content', async () => {
    const policies = new Set<string | null>();
    for (const { path } of PUBLIC_PAGES) policies.add((await getPage(path())).headers.get('Content-Security-Policy'));
    expect(policies.size).toBe(1);
  });
});

describe('other answers', () => {
  it('HTML that brings no policy of its own gets one with no inline script at all', async () => {
    const app = new Hono().use(securityHeaders({ https: false })).get('/', (c) => c.html('<p>ciao</p>'));
    const response = await app.request('/');
    const parsed = directives(response.headers.get('Content-Security-Policy'));
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
  });

  it('the API keeps its own policy that forbids everything', async () => {
    const response = await ctx.app.request('/api/builds', { headers: BROWSER });
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

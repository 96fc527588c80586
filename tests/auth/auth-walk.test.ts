/**
 * Every protected route refuses requests without a valid session with a JSON 401 (api-contract.md: admin
 * routes, /api/auth/verify, /logout and /change-password need a bearer token; 401 only for a missing,
 * invalid, expired or revoked token). The routes are read from the app itself, so new admin routes are
 * covered without editing this file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type ApiResponse, type TestContext } from '../helpers/test-app';

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

interface WalkRoute {
  method: string;
  path: string;
}

const PROTECTED_AUTH_PATHS = ['/api/auth/verify', '/api/auth/logout', '/api/auth/change-password'];

const KNOWN_PROTECTED_ROUTES = [
  'GET /api/admin/stats',
  'GET /api/admin/builds',
  'POST /api/admin/builds',
  'GET /api/admin/builds/:id',
  'PUT /api/admin/builds/:id',
  'DELETE /api/admin/builds/:id',
  'GET /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
];

/** A plausible value for a route parameter, so the request would reach a real handler. */
function paramValue(name: string, ids: { buildId: number }): string {
  if (name === 'asin') return 'B0TESTASIN';
  if (name === 'tier') return 'A';
  if (name === 'id' || name.endsWith('Id') || name.endsWith('_id')) return String(ids.buildId);
  return '1';
}

/** The protected routes registered in Hono, without middleware/wildcard entries, deduplicated. */
function protectedRouteTemplates(ctx: TestContext): WalkRoute[] {
  const seen = new Map<string, WalkRoute>();
  for (const { method, path } of ctx.app.routes) {
    if (!(path.startsWith('/api/admin') || PROTECTED_AUTH_PATHS.includes(path))) continue;
    if (method === 'ALL' && path.endsWith('*')) continue; // requireAuth middleware and the 404 fallback
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

function concreteRoutes(templates: WalkRoute[], ids: { buildId: number }): WalkRoute[] {
  const seen = new Map<string, WalkRoute>();
  for (const { method, path } of templates) {
    const concrete = {
      method: method === 'ALL' ? 'GET' : method,
      path: path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) => paramValue(name, ids)),
    };
    seen.set(`${concrete.method} ${concrete.path}`, concrete);
  }
  return [...seen.values()];
}

function send(ctx: TestContext, route: WalkRoute, headers: Record<string, string>): Promise<ApiResponse> {
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return ctx.request(route.method, route.path, { headers, body: withBody ? {} : undefined });
}

function expectUnauthorized(response: ApiResponse, label: string): void {
  expect(response.status, label).toBe(401);
  expect(response.headers.get('content-type'), label).toMatch(/application\/json/);
  expect(response.body?.error?.code, label).toBe('UNAUTHORIZED');
  expect(typeof response.body?.error?.message, label).toBe('string');
  // Italian, e.g. "Autenticazione richiesta" or "Sessione non valida o scaduta. Accedi di nuovo."
  expect(response.body.error.message, label).toMatch(/autenticazione|sessione|accedi/i);
}

/** Sends every route with the given Authorization header (or none) and expects a 401 for each. */
async function walk(ctx: TestContext, routes: WalkRoute[], authorization: string | null, label: string): Promise<void> {
  const headers: Record<string, string> = authorization === null ? {} : { Authorization: authorization };
  for (const route of routes) {
    expectUnauthorized(await send(ctx, route, headers), `${label}: ${route.method} ${route.path}`);
  }
}

async function adminBuilds(ctx: TestContext): Promise<unknown> {
  const response = await ctx.request('GET', '/api/admin/builds', { token: await ctx.login() });
  expect(response.status).toBe(200);
  return response.body.builds;
}

// ---------------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------------

describe('every protected route refuses requests without a valid session', () => {
  let ctx: TestContext;
  let routes: WalkRoute[];
  let buildsBefore: unknown;

  beforeEach(async () => {
    ctx = await createTestContext();
    const created = await ctx.request('POST', '/api/admin/builds', { token: await ctx.login(), body: sampleBuild() });
    expect(created.status).toBe(201);
    routes = concreteRoutes(protectedRouteTemplates(ctx), { buildId: created.body.build.id });
    buildsBefore = await adminBuilds(ctx);
    expect(buildsBefore).toHaveLength(1);
  });

  afterEach(async () => {
    await ctx.close();
  });

  /** Nothing the walk sent may have changed data. */
  async function expectBuildsUnchanged(): Promise<void> {
    expect(await adminBuilds(ctx)).toEqual(buildsBefore);
  }

  it('discovers at least the protected routes known today, and no public one', () => {
    const templates = protectedRouteTemplates(ctx).map((route) => `${route.method} ${route.path}`);
    for (const known of KNOWN_PROTECTED_ROUTES) expect(templates).toContain(known);
    expect(templates).not.toContain('POST /api/auth/login');
    expect(templates.some((route) => route.includes('/api/builds'))).toBe(false);
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN_PROTECTED_ROUTES.length);
    expect(routes.every((route) => !route.path.includes(':') && !route.path.includes('*'))).toBe(true);
  });

  it('(a) no Authorization header: 401 everywhere, unknown admin paths included', async () => {
    await walk(ctx, routes, null, 'no header');
    for (const method of ['GET', 'POST', 'DELETE']) {
      const route = { method, path: '/api/admin/does-not-exist' };
      expectUnauthorized(await send(ctx, route, {}), `no header: ${method} ${route.path}`);
    }
    await expectBuildsUnchanged();
  });

  it('(b) malformed token or no Bearer scheme: 401 everywhere', async () => {
    const validToken = await ctx.login();
    const malformed = [
      'Bearer not-a-token!!',
      'Bearer',
      'Bearer ',
      `Bearer ${validToken} extra`,
      `Bearer ${'A'.repeat(43)}`, // well formed, but no such session
      validToken, // no scheme at all
      `Basic ${Buffer.from('admin:password').toString('base64')}`,
      `Token ${validToken}`,
    ];
    for (const authorization of malformed) await walk(ctx, routes, authorization, `Authorization: ${authorization}`);
    expectUnauthorized(
      await send(ctx, { method: 'GET', path: '/api/admin/does-not-exist' }, { Authorization: 'Bearer not-a-token!!' }),
      'malformed: GET /api/admin/does-not-exist',
    );
    // The valid token itself still works with the proper scheme.
    expect((await ctx.request('GET', '/api/auth/verify', { token: validToken })).status).toBe(200);
    await expectBuildsUnchanged();
  });

  it('(c) expired token: 401 everywhere', async () => {
    const token = await ctx.login();
    ctx.clock.advance(ctx.config.sessionTtlHours * 3600 * 1000 + 1000);
    try {
      await walk(ctx, routes, `Bearer ${token}`, 'expired');
      expectUnauthorized(
        await send(ctx, { method: 'GET', path: '/api/admin/does-not-exist' }, { Authorization: `Bearer ${token}` }),
        'expired: GET /api/admin/does-not-exist',
      );
    } finally {
      ctx.clock.offsetMs = 0;
    }
    await expectBuildsUnchanged();
  });

  it('(d) logged-out token: 401 everywhere', async () => {
    const token = await ctx.login();
    expect((await ctx.request('POST', '/api/auth/logout', { token })).body).toMatchObject({ ok: true });
    await walk(ctx, routes, `Bearer ${token}`, 'logged out');
    expectUnauthorized(
      await send(ctx, { method: 'GET', path: '/api/admin/does-not-exist' }, { Authorization: `Bearer ${token}` }),
      'logged out: GET /api/admin/does-not-exist',
    );
    await expectBuildsUnchanged();
  });

  it('control: a valid token gets past authentication on every walked route', async () => {
    // Proves the walk targets real handlers (and the seeded id is real): destructive routes go last.
    const token = await ctx.login();
    const rank = (route: WalkRoute) => (route.path === '/api/auth/logout' ? 2 : route.method === 'DELETE' ? 1 : 0);
    const ordered = [...routes].sort((a, b) => rank(a) - rank(b)); // logout last: it ends the session
    for (const route of ordered) {
      const response = await send(ctx, route, { Authorization: `Bearer ${token}` });
      expect(response.status, `${route.method} ${route.path}`).not.toBe(401);
      // The retailer is not configured here: its routes answer the contract's 503, anything else stays below 500.
      if (response.status === 503) expect(response.body.error.code, `${route.method} ${route.path}`).toBe('SERVICE_UNAVAILABLE');
      else expect(response.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
    // The DELETE reached the seeded build, so an unauthenticated DELETE in the walk would have too.
    expect(await adminBuilds(ctx)).toEqual([]);
  });
});

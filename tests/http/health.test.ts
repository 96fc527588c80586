import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health and edges', () => {
  it('reports liveness and database readiness', async () => {
    expect((await ctx.request('GET', '/healthz')).body).toEqual({ ok: true });
    const ready = await ctx.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe(ctx.dialect);
  });

  it('answers unknown /api paths with a JSON 404, never the HTML app', async () => {
    for (const path of ['/api', '/api/nope', '/api/builds/a/b/c']) {
      const response = await ctx.request('GET', path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body.error.code).toBe('NOT_FOUND');
      expect(typeof response.body.error.message).toBe('string');
    }
  });

  it('sets security headers on API responses', async () => {
    const response = await ctx.request('GET', '/api/builds');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

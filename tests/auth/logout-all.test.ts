/**
 * POST /api/auth/logout-all ("Esci da tutti i dispositivi"): every session of the user ends, the
 * caller's included; other users' sessions are untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/modules/auth/auth.repository';
import { hashPassword } from '../../src/modules/auth/password-hash';
import { ADMIN, createTestContext, openSecondInstance, type TestContext } from '../helpers/test-app';

const EDITOR = { username: 'redazione', password: 'Red4zione!Sicura#1' };

describe('POST /api/auth/logout-all', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  const verify = (token: string, instance: Pick<TestContext, 'request'> = ctx) => instance.request('GET', '/api/auth/verify', { token });

  it("revokes every working session of the user, this one included, and answers how many; other users' sessions stay", async () => {
    const expired = await ctx.login(ADMIN, '198.51.100.1');
    ctx.clock.advance((ctx.config.sessionTtlHours + 1) * 3_600_000);
    const tokens = [await ctx.login(ADMIN, '198.51.100.2'), await ctx.login(ADMIN, '198.51.100.3'), await ctx.login(ADMIN, '198.51.100.4')];
    await insertUser(ctx.database.db, EDITOR.username, await hashPassword(EDITOR.password, ctx.scryptCost), ctx.clock.now().toISOString());
    const editor = await ctx.login(EDITOR, '198.51.100.5');

    const response = await ctx.request('POST', '/api/auth/logout-all', { token: tokens[1] });
    expect(response.status).toBe(200);
    // The expired session did not work any more: it is not counted.
    expect(response.body).toEqual({ ok: true, revoked: 3 });

    const second = openSecondInstance(ctx);
    try {
      for (const token of [...tokens, expired]) {
        expect((await verify(token)).status).toBe(401);
        expect((await verify(token, second)).status).toBe(401);
        const admin = await ctx.request('GET', '/api/admin/builds', { token });
        expect(admin.status).toBe(401);
        expect(admin.body.error.code).toBe('UNAUTHORIZED');
      }
      expect((await verify(editor)).status).toBe(200);
    } finally {
      await second.close();
    }

    // The revoked token cannot do it again; signing in again works.
    expect((await ctx.request('POST', '/api/auth/logout-all', { token: tokens[1] })).status).toBe(401);
    expect((await verify(await ctx.login(ADMIN, '198.51.100.2'))).status).toBe(200);
  });

  it('answers 401 without a valid session and revokes nothing', async () => {
    const token = await ctx.login();
    const withoutSession: Record<string, string>[] = [{}, { Authorization: 'Bearer not-a-token' }];
    for (const headers of withoutSession) {
      const response = await ctx.request('POST', '/api/auth/logout-all', { headers });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await verify(token)).status).toBe(200);
  });
});

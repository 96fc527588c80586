/** /api/auth: login, verify, logout, logout-all, change-password. */
import { Hono } from 'hono';
import { changePasswordSchema, loginSchema } from '../../modules/auth/auth.schema';
import type { AppServices } from '../../modules/services';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../hono-env';
import { readJson } from '../middleware/json-body';
import { requireAuth } from '../middleware/require-auth';

export function authRoutes(services: AppServices, options: { trustProxyHops: number }) {
  const app = new Hono<AppEnv>();
  const authenticated = requireAuth(services.auth);

  app.post('/login', async (c) => {
    const { username, password } = await readJson(c, loginSchema);
    const result = await services.auth.login({
      username,
      password,
      ip: clientIp(c, options.trustProxyHops),
      userAgent: c.req.header('User-Agent') ?? null,
    });
    return c.json(result);
  });

  app.get('/verify', authenticated, (c) => c.json({ user: c.get('session').user }));

  app.post('/logout', authenticated, async (c) => {
    await services.auth.logout(c.get('session'));
    return c.json({ ok: true });
  });

  app.post('/logout-all', authenticated, async (c) => c.json(await services.auth.logoutEverywhere(c.get('session'))));

  app.post('/change-password', authenticated, async (c) => {
    const input = await readJson(c, changePasswordSchema);
    return c.json(await services.auth.changePassword(c.get('session'), input, clientIp(c, options.trustProxyHops)));
  });

  return app;
}

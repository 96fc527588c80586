/** Public /api/builds: published builds only. */
import { Hono } from 'hono';
import { publicListQuerySchema } from '../../modules/builds/builds.schema';
import type { AppServices } from '../../modules/services';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../env';
import { parseWith } from '../middleware/json-body';

export function publicBuildRoutes(services: AppServices, options: { trustProxy: boolean }) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = parseWith(publicListQuerySchema, c.req.query());
    return c.json({ builds: await services.builds.listPublished(query) });
  });

  app.get('/:slug', async (c) => {
    const build = await services.builds.getPublished(c.req.param('slug'), {
      ip: clientIp(c, options.trustProxy),
      userAgent: c.req.header('User-Agent') ?? null,
      purpose: c.req.header('Sec-Purpose') ?? c.req.header('Purpose') ?? null,
    });
    return c.json({ build });
  });

  return app;
}

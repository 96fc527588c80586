/** Public /api/builds: published builds only. */
import { Hono } from 'hono';
import { publicListQuerySchema } from '../../modules/builds/builds.schema';
import type { AppServices } from '../../modules/services';
import { visitorOf } from '../client-ip';
import type { AppEnv } from '../env';
import { parseWith } from '../middleware/json-body';

export function publicBuildRoutes(services: AppServices, options: { trustProxyHops: number }) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = parseWith(publicListQuerySchema, c.req.query());
    return c.json({ builds: await services.builds.listPublished(query) });
  });

  // Public, like the page: 404 for an unknown or unpublished build. Not a visit.
  app.get('/:slug/price-history', async (c) => c.json(await services.pricing.priceHistoryOfPublished(c.req.param('slug'))));

  app.get('/:slug', async (c) => {
    const build = await services.builds.getPublished(c.req.param('slug'));
    if (await services.builds.recordVisit(build.slug, visitorOf(c, options.trustProxyHops))) build.views += 1;
    return c.json({ build });
  });

  return app;
}

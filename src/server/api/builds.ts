/** Public /api/builds: published builds only. */
import { Hono } from 'hono';
import { publicListQuerySchema } from '../../modules/builds/builds.schema';
import type { SearchResponse } from '../../modules/search/search.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { parseWith } from '../middleware/json-body';

export function publicBuildRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const { q, ...query } = parseWith(publicListQuerySchema, c.req.query());
    // With q: the site search's matches, best first (decision 033); without: newest first.
    if (q !== undefined) {
      const found = await services.search.search({ ...query, q });
      const answer: SearchResponse = { builds: found.builds, total: found.total, total_capped: found.totalCapped };
      return c.json(answer);
    }
    return c.json({ builds: await services.builds.listPublished(query) });
  });

  // Public, like the page: 404 for an unknown or unpublished build. Not a visit.
  app.get('/:slug/price-history', async (c) => c.json(await services.pricing.priceHistoryOfPublished(c.req.param('slug'))));

  // Not a visit either: only opening the page counts one (analytics/visit-rules.ts, decision 025).
  // ?scegli=…&possiedo=…&budget=… personalise it as they do the page (decision 030); never a 4xx of their own.
  app.get('/:slug', async (c) => {
    const personalization = services.personalization.requestOf(new URL(c.req.url).searchParams);
    return c.json({ build: await services.builds.getPublished(c.req.param('slug'), personalization) });
  });

  return app;
}

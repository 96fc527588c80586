/**
 * The builds' routes: the public /api/builds (published builds only), and the admin's /api/admin/builds,
 * /api/admin/builds/drift, /api/admin/builds/{id}/compatibility, its revisions and /api/admin/stats.
 */
import { Hono } from 'hono';
import { buildInputSchema, buildUpdateSchema, publicListQuerySchema } from '../../modules/builds/builds.schema';
import type { SearchResponse } from '../../modules/search/search.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam, parseWith, readJson } from '../middleware/json-body';

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

export function adminBuildRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/stats', async (c) => c.json({ stats: await services.builds.stats() }));

  app.get('/builds', async (c) => c.json({ builds: await services.builds.listAdmin() }));

  // Before /builds/:id, which would take 'drift' for an id.
  app.get('/builds/drift', async (c) => c.json(await services.drift.list()));

  app.get('/builds/:id', async (c) => c.json({ build: await services.builds.getAdmin(idParam(c)) }));

  app.get('/builds/:id/compatibility', async (c) => c.json(await services.builds.compatibility(idParam(c))));

  app.post('/builds', async (c) => {
    const input = await readJson(c, buildInputSchema);
    return c.json({ build: await services.builds.create(input, c.get('session').user.username) }, 201);
  });

  app.put('/builds/:id', async (c) => {
    const id = idParam(c);
    const { updated_at: expectedUpdatedAt, ...input } = await readJson(c, buildUpdateSchema);
    return c.json({ build: await services.builds.update(id, input, expectedUpdatedAt, c.get('session').user.username) });
  });

  // History: every save and automatic change, newest first; a snapshot; its restore.
  app.get('/builds/:id/revisions', async (c) => c.json({ revisions: await services.revisions.list(idParam(c)) }));
  app.get('/builds/:id/revisions/:rid', async (c) => c.json({ revision: await services.revisions.get(idParam(c), idParam(c, 'rid')) }));
  app.post('/builds/:id/revisions/:rid/restore', async (c) => {
    const id = idParam(c);
    await services.revisions.restore(id, idParam(c, 'rid'), c.get('session').user.username);
    return c.json({ ok: true, build: await services.builds.getAdmin(id) });
  });

  app.delete('/builds/:id', async (c) => {
    await services.builds.remove(idParam(c));
    return c.json({ ok: true });
  });

  return app;
}

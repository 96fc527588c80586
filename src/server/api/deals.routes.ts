/**
 * The deals' JSON (decision 046, docs/api-deals.md).
 *
 * - GET /api/deals?tipo=&categoria= → `{deals: [...], checked_at}`: the current deals, biggest drop first.
 *   Kept by the page cache like the other public answers (ETag, 304) and dropped when a refresh ends.
 * - GET /api/admin/deals/stats → the dashboard's card (deals, posts sent/waiting/failed, the last failure).
 * - GET / PUT /api/admin/deals/builds/{id} `{excluded}` → whether the build's parts are kept out of deals.
 */
import { Hono } from 'hono';
import type { BuildCategory } from '../../common/catalog';
import { dealExclusionSchema, dealsQuerySchema, type DealsResponse, type DealStatsResponse } from '../../modules/deals/deals.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam, parseWith, readJson } from '../middleware/json-body';

export function dealRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const query = parseWith(dealsQuerySchema, c.req.query());
    const current = await services.deals.current({ type: query.tipo ?? null, category: (query.categoria as BuildCategory | undefined) ?? null });
    const body: DealsResponse = { deals: current.deals, checked_at: current.checkedAt };
    return c.json(body);
  });
  return app;
}

/** The author's side, mounted under /api/admin behind the session check (server/app.ts). */
export function adminDealRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/deals/stats', async (c) => {
    const body: DealStatsResponse = await services.deals.stats();
    return c.json(body);
  });
  app.get('/deals/builds/:id', async (c) => c.json(await services.deals.exclusionOf(idParam(c))));
  app.put('/deals/builds/:id', async (c) => {
    const id = idParam(c);
    const { excluded } = await readJson(c, dealExclusionSchema);
    return c.json(await services.deals.setExcluded(id, excluded));
  });
  return app;
}

/**
 * The deals' JSON (decision 046, docs/api-deals.md).
 *
 * - GET /api/deals?tipo=&categoria= → `{deals: [...], checked_at}`: the current deals, biggest drop first.
 *   Kept by the page cache like the other public answers (ETag, 304) and dropped when a refresh ends.
 * - GET /api/admin/deals/stats → the dashboard's card (deals, posts sent/waiting/failed, the last failure).
 */
import { Hono } from 'hono';
import type { BuildCategory } from '../../common/catalog';
import { dealsQuerySchema, type DealsResponse, type DealStatsResponse } from '../../modules/deals/deals.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { parseWith } from '../middleware/json-body';

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

export function adminDealRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/deals/stats', async (c) => {
    const body: DealStatsResponse = await services.deals.stats();
    return c.json(body);
  });
  return app;
}

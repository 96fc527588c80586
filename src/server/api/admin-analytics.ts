/** /api/admin/analytics and /api/admin/builds/{id}/analytics: views and affiliate clicks over a window of days. */
import { Hono } from 'hono';
import { analyticsQuerySchema } from '../../modules/analytics/analytics.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam, parseWith } from '../middleware/json-body';

export function adminAnalyticsRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/analytics', async (c) => {
    const { days } = parseWith(analyticsQuerySchema, c.req.query());
    return c.json(await services.analytics.overview(days));
  });

  app.get('/builds/:id/analytics', async (c) => {
    const id = idParam(c);
    const { days } = parseWith(analyticsQuerySchema, c.req.query());
    return c.json(await services.analytics.forBuild(id, days));
  });

  return app;
}

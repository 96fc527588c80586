/**
 * /api/admin/alerts: the visitors' alerts as the admin sees them: counts, targets and states, never an address.
 *
 * - GET /api/admin/alerts/stats → `{pending, builds: [{build_id, slug, title, active}], limits_reached:
 *   [{scope, window, count, until}]}`: the caps on confirmation mails full right now (decision 036).
 * - GET /api/admin/alerts → every unexpired alert's target, state and dates by build, beside the build's
 *   total today; never an address (alerts.schema.ts, adminAlertListSchema).
 * - DELETE /api/admin/alerts?email=… → `{deleted}`: every alert of that address's mailbox (any case,
 *   any `+tag`), on its owner's request; logged without the address. The admin's "Avvisi" screen uses it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AlertStatsResponse } from '../../modules/alerts/alerts.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { parseWith } from '../middleware/json-body';

const eraseQuerySchema = z.object({
  email: z.string({ error: "Indica l'indirizzo email" }).trim().min(3, "Indica l'indirizzo email").max(254, 'Indirizzo email non valido').includes('@', { message: 'Indirizzo email non valido' }),
});

export function adminAlertRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/alerts/stats', async (c) => {
    const [counts, limitsReached] = await Promise.all([services.alerts.stats(), services.alerts.limitsReached()]);
    const body: AlertStatsResponse = {
      pending: counts.pending,
      builds: counts.activeByBuild.map((b) => ({ build_id: b.buildId, slug: b.slug, title: b.title, active: b.active })),
      limits_reached: limitsReached,
    };
    return c.json(body);
  });

  app.get('/alerts', async (c) => c.json(await services.alerts.listForAdmin()));

  app.delete('/alerts', async (c) => {
    const { email } = parseWith(eraseQuerySchema, c.req.query());
    return c.json({ deleted: await services.alerts.eraseAddress(email) });
  });

  return app;
}

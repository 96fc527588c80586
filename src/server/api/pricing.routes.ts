/** /api/admin: price refresh, tiers and price statistics. */
import { Hono } from 'hono';
import { AppError } from '../../common/errors';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam } from '../middleware/json-body';

export function adminPricingRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/prices/stats', async (c) => c.json(await services.pricing.stats()));

  app.get('/prices/retailer', (c) => c.json(services.pricing.retailerStatus()));

  app.post('/prices/update-tier/:tier', async (c) => {
    const tier = c.req.param('tier').toUpperCase();
    // Tier C is left to the scheduler: it holds drafts and the least visited builds.
    if (tier !== 'A' && tier !== 'B') throw new AppError('VALIDATION_ERROR', 'Tier non valido: puoi aggiornare manualmente solo i tier A e B');
    const outcome = (await services.pricing.refreshTier(tier, 'manual'))!;
    return c.json({ message: 'Aggiornamento prezzi completato!', summary: outcome.summary, results: outcome.results });
  });

  app.post('/components/assign-tiers', async (c) => c.json({ assigned: await services.pricing.assignTiers() }));

  app.post('/builds/:id/update-prices', async (c) => c.json(await services.pricing.refreshBuild(idParam(c))));

  // The editor's price history: drafts too (the public endpoint answers 404 for them).
  app.get('/builds/:id/price-history', async (c) => c.json(await services.pricing.priceHistoryOfBuild(idParam(c))));

  return app;
}

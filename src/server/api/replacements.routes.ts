/** /api/admin: smart replacement of a build's unavailable components and the replacement records (api-contract.md). */
import { Hono } from 'hono';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam } from '../middleware/json-body';

export function adminReplacementRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.post('/builds/:id/smart-replacement', async (c) => {
    // Manual runs never return null: they answer 409 while other price work runs.
    const outcome = (await services.replacements.runSmartReplacement(idParam(c), 'manual'))!;
    return c.json({ results: outcome.results, summary: outcome.summary });
  });

  app.get('/replacements', async (c) => c.json(await services.replacements.listReplacements()));

  app.post('/replacements/:id/restore', async (c) => c.json(await services.replacements.restore(idParam(c))));

  return app;
}

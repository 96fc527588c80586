/** /api/admin/import-amazon: the components of an Amazon cart, read for the editor (importer module). */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { readJson } from '../middleware/json-body';

// The importer validates the URL itself, so that its Italian message names what is wrong with it.
const importSchema = z.object({ cartUrl: z.unknown().optional() });

export function adminImporterRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.post('/import-amazon', async (c) => {
    const { cartUrl } = await readJson(c, importSchema);
    return c.json(await services.importer.importFromCart(cartUrl));
  });

  return app;
}

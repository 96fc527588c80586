/** /api/admin/builds and /api/admin/stats. */
import { Hono } from 'hono';
import { buildInputSchema, buildUpdateSchema } from '../../modules/builds/builds.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../env';
import { idParam, readJson } from '../middleware/json-body';

export function adminBuildRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/stats', async (c) => c.json({ stats: await services.builds.stats() }));

  app.get('/builds', async (c) => c.json({ builds: await services.builds.listAdmin() }));

  app.get('/builds/:id', async (c) => c.json({ build: await services.builds.getAdmin(idParam(c)) }));

  app.post('/builds', async (c) => {
    const input = await readJson(c, buildInputSchema);
    return c.json({ build: await services.builds.create(input) }, 201);
  });

  app.put('/builds/:id', async (c) => {
    const id = idParam(c);
    const { updated_at: expectedUpdatedAt, ...input } = await readJson(c, buildUpdateSchema);
    return c.json({ build: await services.builds.update(id, input, expectedUpdatedAt) });
  });

  app.delete('/builds/:id', async (c) => {
    await services.builds.remove(idParam(c));
    return c.json({ ok: true });
  });

  return app;
}

/** /api/admin/search-synonyms: the author's synonym groups of the site search (docs/api-search.md, decision 041). */
import { Hono } from 'hono';
import { synonymGroupInputSchema } from '../../modules/search/synonyms.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam, readJson } from '../middleware/json-body';

export function adminSearchSynonymRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  const { synonyms } = services;

  app.get('/search-synonyms', async (c) => c.json({ synonyms: await synonyms.list() }));

  app.post('/search-synonyms', async (c) => {
    const input = await readJson(c, synonymGroupInputSchema);
    return c.json({ synonym: await synonyms.create(input) }, 201);
  });

  app.put('/search-synonyms/:id', async (c) => {
    const id = idParam(c);
    const input = await readJson(c, synonymGroupInputSchema);
    return c.json({ synonym: await synonyms.update(id, input) });
  });

  app.delete('/search-synonyms/:id', async (c) => {
    await synonyms.remove(idParam(c));
    return c.json({ ok: true });
  });

  return app;
}

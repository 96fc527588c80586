/** /api/admin/alternative-categories and /api/admin/alternatives (api-contract.md, "Admin: alternatives"). */
import { Hono } from 'hono';
import {
  alternativeUpdateSchema,
  categoryInputSchema,
  groupAlternativeInputSchema,
  productAlternativeInputSchema,
} from '../../modules/alternatives/alternatives.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { idParam, readJson } from '../middleware/json-body';

export function adminAlternativeRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  const alternatives = services.alternatives;

  app.get('/alternative-categories', async (c) => c.json({ categories: await alternatives.listCategories() }));

  app.get('/alternative-categories/:id', async (c) => c.json({ category: await alternatives.getCategory(idParam(c)) }));

  app.get('/alternative-categories/:id/alternatives', async (c) =>
    c.json({ alternatives: await alternatives.listCategoryAlternatives(idParam(c)) }),
  );

  app.post('/alternative-categories', async (c) => {
    const input = await readJson(c, categoryInputSchema);
    return c.json({ category: await alternatives.createCategory(input) }, 201);
  });

  app.put('/alternative-categories/:id', async (c) => {
    const id = idParam(c);
    const input = await readJson(c, categoryInputSchema);
    return c.json({ category: await alternatives.updateCategory(id, input) });
  });

  app.delete('/alternative-categories/:id', async (c) => {
    await alternatives.deleteCategory(idParam(c));
    return c.json({ ok: true });
  });

  app.post('/alternative-categories/:id/alternatives', async (c) => {
    const id = idParam(c);
    const input = await readJson(c, groupAlternativeInputSchema);
    return c.json({ alternative: await alternatives.addToCategory(id, input) }, 201);
  });

  app.get('/alternatives/:asin', async (c) => c.json({ alternatives: await alternatives.listForProduct(c.req.param('asin')) }));

  app.post('/alternatives', async (c) => {
    const input = await readJson(c, productAlternativeInputSchema);
    return c.json({ alternative: await alternatives.createForProduct(input) }, 201);
  });

  app.put('/alternatives/:id', async (c) => {
    const id = idParam(c);
    const input = await readJson(c, alternativeUpdateSchema);
    return c.json({ alternative: await alternatives.updateAlternative(id, input) });
  });

  app.delete('/alternatives/:id', async (c) => {
    await alternatives.deleteAlternative(idParam(c));
    return c.json({ ok: true });
  });

  return app;
}

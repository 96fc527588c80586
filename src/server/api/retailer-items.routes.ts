/** /api/admin/retailer: product search and lookup on the retailer, for the editor. */
import { Hono } from 'hono';
import { retailerSearchQuerySchema } from '../../modules/retailer-items/retailer-items.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { parseWith } from '../middleware/json-body';

export function adminRetailerRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/retailer/search', async (c) => {
    const query = parseWith(retailerSearchQuerySchema, { q: c.req.query('q'), page: c.req.query('page') });
    return c.json(await services.retailerItems.search(query));
  });

  // An ASIN, or a product URL sent URL-encoded as one path segment ({.+} also takes a URL whose slashes
  // were left as they are).
  app.get('/retailer/items/:reference{.+}', async (c) => c.json({ item: await services.retailerItems.lookup(c.req.param('reference')) }));

  return app;
}

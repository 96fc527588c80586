/** /sitemap.xml and /robots.txt (api-contract.md, "Other routes"). */
import { Hono } from 'hono';
import type { SeoService } from '../modules/seo/seo.service';
import { sitemapPartNumber } from './cache/cache-keys';
import type { AppEnv } from './hono-env';

// Short: a newly published build should reach crawlers quickly. No prices in here, so no price-age limit.
const CACHE_CONTROL = 'public, max-age=300';

export function seoRoutes(seo: SeoService) {
  const app = new Hono<AppEnv>();

  app.get('/sitemap.xml', async (c) =>
    c.body(await seo.sitemapXml(), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
    }),
  );

  // The parts of a sitemap index (seo.service.ts); a part that does not exist is a 404.
  app.get('/:file{sitemap-[0-9]+\\.xml}', async (c) => {
    const part = sitemapPartNumber(c.req.param('file'));
    const xml = part === null ? null : await seo.sitemapPartXml(part);
    if (xml === null) return c.text('Questa parte della sitemap non esiste.', 404, { 'Cache-Control': CACHE_CONTROL });
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL });
  });

  app.get('/robots.txt', (c) =>
    c.body(seo.robotsTxt(), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
    }),
  );

  return app;
}

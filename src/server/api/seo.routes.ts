/** /sitemap.xml and /robots.txt (api-contract.md, "Other routes"). */
import { Hono } from 'hono';
import type { SeoService, SitemapDocument } from '../../modules/seo';
import { sitemapPartNumber } from '../cache/cache-keys';
import { httpDateOf } from '../cache/validators';
import type { AppEnv } from '../hono-env';

// Short: a newly published build should reach crawlers quickly. No prices in here, so no price-age limit.
const CACHE_CONTROL = 'public, max-age=300';

/** Last-Modified: the newest lastmod the file lists. The page cache adds the ETag and answers 304s. */
function lastModifiedOf(sitemap: SitemapDocument): Record<string, string> {
  return sitemap.lastModified === null ? {} : { 'Last-Modified': httpDateOf(sitemap.lastModified) };
}

export function seoRoutes(seo: SeoService) {
  const app = new Hono<AppEnv>();

  app.get('/sitemap.xml', async (c) => {
    const sitemap = await seo.sitemapXml();
    return c.body(sitemap.xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, ...lastModifiedOf(sitemap) });
  });

  // The parts of a sitemap index (modules/seo/seo.service.ts); a part that does not exist is a 404.
  app.get('/:file{sitemap-[0-9]+\\.xml}', async (c) => {
    const part = sitemapPartNumber(c.req.param('file'));
    const sitemap = part === null ? null : await seo.sitemapPartXml(part);
    if (sitemap === null) return c.text('Questa parte della sitemap non esiste.', 404, { 'Cache-Control': CACHE_CONTROL });
    return c.body(sitemap.xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, ...lastModifiedOf(sitemap) });
  });

  app.get('/robots.txt', (c) =>
    c.body(seo.robotsTxt(), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
    }),
  );

  return app;
}

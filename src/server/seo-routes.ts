/** /sitemap.xml and /robots.txt (api-contract.md, "Other routes"). */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listSitemapEntries } from '../modules/seo/seo.repository';
import { renderRobotsTxt, renderSitemapXml } from '../modules/seo/sitemap';
import type { AppEnv } from './env';

// Short: a newly published build should reach crawlers quickly. No prices in here, so no price-age limit.
const CACHE_CONTROL = 'public, max-age=300';

export function seoRoutes(deps: { db: Kysely<Database>; publicBaseUrl: string }) {
  const app = new Hono<AppEnv>();

  app.get('/sitemap.xml', async (c) => {
    const entries = await listSitemapEntries(deps.db);
    // Entries are ordered by publication; the home page changed when any listed build last did.
    const homeLastmod = entries.reduce<string | null>(
      (newest, entry) => (newest === null || Date.parse(entry.lastmod) > Date.parse(newest) ? entry.lastmod : newest),
      null,
    );
    return c.body(renderSitemapXml(entries, deps.publicBaseUrl, homeLastmod), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
    });
  });

  app.get('/robots.txt', (c) =>
    c.body(renderRobotsTxt(deps.publicBaseUrl), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
    }),
  );

  return app;
}

/** /sitemap.xml and /robots.txt of the site at `publicBaseUrl` (api-contract.md, "Other routes"). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { listSitemapEntries } from './seo.repository';
import { renderRobotsTxt, renderSitemapXml } from './sitemap';

export function createSeoService(deps: { db: Kysely<Database>; clock: Clock; publicBaseUrl: string }) {
  async function sitemapXml(): Promise<string> {
    const entries = await listSitemapEntries(deps.db, deps.clock.now().toISOString());
    // Entries are ordered by publication; the home page changed when any listed build last did.
    const homeLastmod = entries.reduce<string | null>(
      (newest, entry) => (newest === null || Date.parse(entry.lastmod) > Date.parse(newest) ? entry.lastmod : newest),
      null,
    );
    return renderSitemapXml(entries, deps.publicBaseUrl, homeLastmod);
  }

  function robotsTxt(): string {
    return renderRobotsTxt(deps.publicBaseUrl);
  }

  return { sitemapXml, robotsTxt };
}

export type SeoService = ReturnType<typeof createSeoService>;

/** What the author reads of builds: the list, one build for the editor, its checks, the dashboard's counts. */
import type { Kysely } from 'kysely';
import { notFound } from '../../common/errors';
import { centsToEuro } from '../../common/money';
import type { Database } from '../../db/tables';
import * as repo from './builds.repository';
import { lowestPriceSince, toAdminRow, toComponentAdmin } from './build-mapping';
import type { BuildAdmin, BuildListRow, BuildStats, CompatibilityResponse } from './builds.types';
import { sumCents } from './cart-plan';
import { compatibilityOfRows } from '../../compatibility/stored-parts';

export const ADMIN_NOT_FOUND = 'Build non trovata';

type Db = Kysely<Database>;

export async function listAdminBuilds(db: Db): Promise<BuildListRow[]> {
  return (await repo.listAllBuilds(db)).map((row) => ({ ...toAdminRow(row), revision_count: row.revision_count }));
}

/** Any build as the editor shows it, read in `db` (a writer's transaction after its save). */
export async function readAdminBuild(db: Db, id: number, now: Date): Promise<BuildAdmin> {
  const row = await repo.findBuildById(db, id);
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  const components = await repo.listComponentsWithLowestPrice(db, id, lowestPriceSince(now));
  return {
    ...toAdminRow(row),
    content: row.content,
    featured_image: row.featured_image,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    affiliate_tag: row.affiliate_tag,
    total_price: centsToEuro(sumCents(components)) ?? 0,
    components: components.map(toComponentAdmin),
  };
}

/** GET /api/admin/builds/{id}/compatibility: the checks of the build as stored, whatever its status. */
export async function compatibilityOfBuild(db: Db, id: number): Promise<CompatibilityResponse> {
  const row = await repo.findBuildById(db, id);
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return compatibilityOfRows(await repo.listComponents(db, id));
}

export function buildStats(db: Db): Promise<BuildStats> {
  return repo.getBuildStats(db);
}

/**
 * For the other modules that work on one build (price refresh, smart replacement): 404 when it does
 * not exist, else the affiliate tag its links carry (its own, or the site's default).
 */
export async function requireBuild(db: Db, id: number, defaultAffiliateTag: string): Promise<{ affiliateTag: string }> {
  const row = await repo.findBuildById(db, id);
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return { affiliateTag: row.affiliate_tag || defaultAffiliateTag };
}

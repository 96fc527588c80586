/** What the pricing module reads of a build's components to draw their price history. */
import type { Kysely } from 'kysely';
import { notFound } from '../../common/errors';
import type { ComponentRow, Database } from '../../db/tables';
import type { DataDeps } from '../data-deps';
import { ADMIN_NOT_FOUND } from './admin-read';
import { byDisplayOrder } from './build-mapping';
import * as repo from './builds.repository';
import { findPublicBuild } from './public-read';

export interface ComponentPriceRef {
  id: number;
  asin: string | null;
  /** The price the build shows now (manual or the retailer's), in cents. */
  priceCents: number | null;
}

function toPriceRefs(components: ComponentRow[]): ComponentPriceRef[] {
  return components.sort(byDisplayOrder).map((c) => ({ id: c.id, asin: c.asin, priceCents: c.price_cents }));
}

/** The components of a published build, in display order, for its public price history; 404 as the build's page. */
export async function publishedPriceRefs(deps: DataDeps, slug: string): Promise<ComponentPriceRef[]> {
  const { row } = await findPublicBuild(deps, slug);
  return toPriceRefs(await repo.listComponents(deps.db, row.id));
}

/** The components of any build (drafts too), for the editor's price history; 404 as the editor's read. */
export async function priceRefsOfBuild(db: Kysely<Database>, id: number): Promise<ComponentPriceRef[]> {
  const row = await repo.findBuildById(db, id);
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return toPriceRefs(await repo.listComponents(db, id));
}

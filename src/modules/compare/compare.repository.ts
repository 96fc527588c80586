/** The two reads of the comparison that are not one build's page: which slugs are public (and their titles), and the builds to offer beside one. */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/**
 * The titles of the slugs that name a build visitors may see at `now` (ISO), by slug: one query whatever
 * their number. A slug missing from the map is unknown or not public.
 */
export async function publicTitlesAmong(db: Db, slugs: readonly string[], now: string): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('builds').select(['slug', 'title']).where('slug', 'in', [...slugs]).where(isPublicBuild(now)).execute();
  return new Map(rows.map((row) => [row.slug, row.title]));
}

export interface NearBuildRow {
  slug: string;
  title: string;
  category: string | null;
}

/**
 * The public builds to compare one with: those of its category first, then by the distance of their
 * total from its total, newest id breaking ties. One query bounded by `limit`: each candidate's total is a
 * correlated sum over its components (the components_build_id_position index), ordered in an outer query
 * so both databases accept the expression.
 */
export async function nearestPublicBuilds(
  db: Db,
  of: { slug: string; category: string | null; totalCents: number },
  now: string,
  limit: number,
): Promise<NearBuildRow[]> {
  const candidates = db
    .selectFrom('builds')
    .select(['builds.id', 'builds.slug', 'builds.title', 'builds.category'])
    .select((eb) =>
      eb.selectFrom('components').select((sub) => sub.fn.sum<number>('components.price_cents').as('sum')).whereRef('components.build_id', '=', 'builds.id').as('total_cents'),
    )
    .where(isPublicBuild(now))
    .where('builds.slug', '!=', of.slug)
    .as('candidates');
  return db
    .selectFrom(candidates)
    .select(['candidates.slug', 'candidates.title', 'candidates.category'])
    .orderBy(sql`case when ${sql.ref('candidates.category')} = ${of.category ?? ''} then 0 else 1 end`)
    .orderBy(sql`abs(coalesce(${sql.ref('candidates.total_cents')}, 0) - ${of.totalCents})`)
    .orderBy('candidates.id', 'desc')
    .limit(limit)
    .execute();
}

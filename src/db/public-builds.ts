/**
 * The one definition of "a build visitors may see", shared by every public query (list, page, sitemap,
 * price history, views, click beacons, analytics, budget drift, price tiers, replacements): a published
 * build, or a scheduled one whose `publish_at` has come. A due scheduled build is public at once, before
 * the background job flips its stored status, so every surface turns public in the same instant.
 * `now` is the caller's clock (ISO-8601 UTC): timestamps are stored as ISO text, which compares in time order.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** The status of a build waiting for its `publish_at`. */
export const SCHEDULED_STATUS = 'scheduled';

export function isPublicBuild(now: string, table = 'builds'): RawBuilder<SqlBool> {
  const status = sql.ref(`${table}.status`);
  return sql<SqlBool>`(${status} = 'published' or (${status} = ${SCHEDULED_STATUS} and ${sql.ref(`${table}.publish_at`)} <= ${now}))`;
}

/**
 * The publication date visitors see: a due scheduled build shows its first publication if it had one, else
 * its `publish_at`, which is what the flip job then stores as its `published_at`, so the date (and the
 * newest-first order) never jumps.
 */
export function publicPublishedAt(table = 'builds'): RawBuilder<string | null> {
  const publishedAt = sql.ref(`${table}.published_at`);
  return sql<string | null>`(case when ${sql.ref(`${table}.status`)} = ${SCHEDULED_STATUS} then coalesce(${publishedAt}, ${sql.ref(`${table}.publish_at`)}) else ${publishedAt} end)`;
}

/** What the definition reads of a build. */
export interface PublicationFields {
  status: string;
  publish_at: string | null;
  published_at: string | null;
}

/**
 * isPublicBuild for a row already read (the build page, its price history): the same rule in
 * TypeScript, kept beside the SQL so the two change together (tests/db/public-builds.test.ts runs both
 * on the same rows). `now` as isPublicBuild's.
 */
export function isPublicAt(build: Pick<PublicationFields, 'status' | 'publish_at'>, now: string): boolean {
  return build.status === 'published' || (build.status === SCHEDULED_STATUS && build.publish_at !== null && build.publish_at <= now);
}

/** publicPublishedAt for a row already read. */
export function publicPublishedAtOf(build: PublicationFields): string | null {
  return build.status === SCHEDULED_STATUS ? (build.published_at ?? build.publish_at) : build.published_at;
}

/** One of the two disjoint parts of the public builds (publicParts). */
export interface PublicPart {
  /** Which builds the part holds at `now`. */
  where: RawBuilder<SqlBool>;
  /** publicPublishedAt of the part's builds, as an expression an index can answer in order. */
  publishedAt: RawBuilder<string | null>;
}

/**
 * isPublicBuild as its two disjoint parts, for lists that must not sort the whole catalogue (decision
 * 034): the published builds, newest first straight from an index on (status, published_at, id), and
 * the scheduled builds due by `now`, a handful, ordered as publicPublishedAt orders them. Their union is
 * isPublicBuild and each part's date is publicPublishedAt's for its rows (tests/db/public-builds.test.ts).
 */
export function publicParts(now: string, table = 'builds'): [PublicPart, PublicPart] {
  const status = sql.ref(`${table}.status`);
  const publishedAt = sql.ref(`${table}.published_at`);
  const publishAt = sql.ref(`${table}.publish_at`);
  return [
    { where: sql<SqlBool>`${status} = 'published'`, publishedAt: sql<string | null>`${publishedAt}` },
    {
      where: sql<SqlBool>`(${status} = ${SCHEDULED_STATUS} and ${publishAt} <= ${now})`,
      publishedAt: sql<string | null>`coalesce(${publishedAt}, ${publishAt})`,
    },
  ];
}

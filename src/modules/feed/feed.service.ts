/**
 * The RSS feed of the newest public builds, of the whole site or of one category (docs/api-feed.md).
 * Each item is the build exactly as its page reads it (builds.listPublishedBySlugs: getPublished's reading,
 * batched; the same article HTML with the affiliate tag, the same tagged links and prices), so the feed
 * never needs a second copy of those rules.
 */
import type { Kysely } from 'kysely';
import { absoluteUrl } from '../../common/absolute-url';
import { BUILD_CATEGORIES, type BuildCategory, categoryLabel, isBuildCategory } from '../../common/catalog';
import { notFound } from '../../common/errors';
import { feedPath, feedTitle } from '../../common/feed-query';
import { canonicalHomeQuery } from '../../common/home-query';
import { paths } from '../../common/paths';
import { AFFILIATE_DISCLOSURE } from '../../common/price-freshness';
import type { Database } from '../../db/tables';
import type { BuildsService } from '../builds';
import type { Clock } from '../clock';
import { toFeedItem } from './feed-item';
import { listNewestPublicSlugs } from './feed.repository';
import { renderRssXml } from './rss-document';

/** Items per feed: a reader polls often, so the newest few are enough; the sitemap lists every build. */
export const FEED_ITEM_LIMIT = 50;

export const UNKNOWN_FEED_CATEGORY = `Categoria sconosciuta. Categorie del feed: ${BUILD_CATEGORIES.join(', ')}.`;

export interface FeedDeps {
  db: Kysely<Database>;
  clock: Clock;
  builds: Pick<BuildsService, 'listPublishedBySlugs'>;
  publicBaseUrl: string;
  siteName: string;
}

export function createFeedService(deps: FeedDeps) {
  /**
   * The feed and when its newest item last changed (its lastBuildDate, the answer's Last-Modified; null
   * without items). `category`: null for the whole site; an unknown one answers NOT_FOUND (UNKNOWN_FEED_CATEGORY).
   */
  async function feedDocument(category: string | null): Promise<FeedDocument> {
    if (category !== null && !isBuildCategory(category)) throw notFound(UNKNOWN_FEED_CATEGORY);
    const known: BuildCategory | null = category;
    const rows = await listNewestPublicSlugs(deps.db, deps.clock.now().toISOString(), known, FEED_ITEM_LIMIT);
    // One batched read, not one per item; a build that stopped being public since the list was read is left out.
    const builds = await deps.builds.listPublishedBySlugs(rows.map((row) => row.slug));
    const items = rows.flatMap((row) => {
      const build = builds.get(row.slug);
      return build === undefined ? [] : [toFeedItem(build, deps.publicBaseUrl, row.updated_at)];
    });
    const homePath = `${paths.home()}${canonicalHomeQuery({ category: known, budget: null, page: 1 })}`;
    const label = known === null ? null : categoryLabel(known);
    const newest = items.reduce<number | null>((latest, item) => Math.max(latest ?? 0, Date.parse(item.changedAt)), null);
    const lastModified = newest === null ? null : new Date(newest);
    const xml = renderRssXml(
      {
        title: feedTitle(deps.siteName, known),
        link: absoluteUrl(homePath, deps.publicBaseUrl),
        selfUrl: absoluteUrl(feedPath(known), deps.publicBaseUrl),
        description: `${label === null ? 'Le nuove build PC' : `Le nuove build PC della categoria ${label}`} di ${deps.siteName}: componenti, prezzi e guida all'assemblaggio. ${AFFILIATE_DISCLOSURE}`,
        lastBuildDate: lastModified,
      },
      items,
    );
    return { xml, lastModified };
  }

  return { feedDocument };
}

export interface FeedDocument {
  xml: string;
  /** When the newest item last changed; null without items. */
  lastModified: Date | null;
}

export type FeedService = ReturnType<typeof createFeedService>;


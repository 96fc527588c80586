/** /feed.xml and /feed.xml?categoria=… (docs/api-feed.md). */
import { Hono } from 'hono';
import { isAppError } from '../../common/errors';
import { DEALS_FEED_PATH } from '../../common/deals-query';
import { FEED_CONTENT_TYPE, FEED_PATH, feedCategoryParam } from '../../common/feed-query';
import type { DealsService } from '../../modules/deals';
import type { FeedService } from '../../modules/feed';
import { httpDateOf } from '../cache/validators';
import type { AppEnv } from '../hono-env';

// As the sitemap's: a reader that polls every few minutes gets a new build soon. The page cache keeps the
// answer 60 s at most and drops it on any content change or scheduled publication (cache/cache-keys.ts).
const CACHE_CONTROL = 'public, max-age=300';

export function feedRoutes(feed: FeedService) {
  const app = new Hono<AppEnv>();

  app.get(FEED_PATH, async (c) => {
    try {
      const { xml, lastModified } = await feed.feedDocument(feedCategoryParam(new URL(c.req.url).searchParams));
      // The same instant as the channel's lastBuildDate; the page cache adds the ETag and answers 304s.
      const validators: Record<string, string> = lastModified === null ? {} : { 'Last-Modified': httpDateOf(lastModified) };
      return c.body(xml, 200, { 'Content-Type': FEED_CONTENT_TYPE, 'Cache-Control': CACHE_CONTROL, ...validators });
    } catch (error) {
      // Plain text, not an RSS document: a reader would show an error document as an empty, valid feed.
      if (isAppError(error, 'NOT_FOUND')) return c.text(error.message, 404);
      throw error;
    }
  });

  return app;
}

/** /offerte/feed.xml (decision 046): the current deals, one item per deal and day. */
export function dealsFeedRoutes(deals: DealsService) {
  const app = new Hono<AppEnv>();

  app.get(DEALS_FEED_PATH, async (c) => {
    const { xml, lastModified } = await deals.feedDocument();
    const validators: Record<string, string> = lastModified === null ? {} : { 'Last-Modified': httpDateOf(lastModified) };
    return c.body(xml, 200, { 'Content-Type': FEED_CONTENT_TYPE, 'Cache-Control': CACHE_CONTROL, ...validators });
  });

  return app;
}

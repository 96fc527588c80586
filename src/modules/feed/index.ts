/** The RSS feed module's face: what other code may use of it (the rest of the folder is its own). */
export { createFeedService, type FeedDocument, type FeedService } from './feed.service';

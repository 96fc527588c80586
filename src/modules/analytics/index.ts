/** The analytics module's face: what other code may use of it (the rest of the folder is its own). */
export { type AnalyticsService, createAnalyticsService, fillRestoredClickProducts, keepAnalyticsOfDeletedBuild } from './analytics.service';
export { FLUSH_INTERVAL_MS } from './visit-counter';

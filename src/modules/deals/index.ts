/** The deals module's face (decision 046): what the rest of the application may use. */
export { createDealsService, type CurrentDeals, type DealsService } from './deals.service';
export type { SendPostsResult } from './send-deal-posts';
export type { Deal, DealsResponse, DealStatsResponse } from './deals.schema';

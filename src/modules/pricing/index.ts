/**
 * The pricing module's face: the service, the plain writes of a retailer's answer other modules run in
 * their own transaction, and the retailer (the Creators API client behind the shared request budget) with
 * the reading of its answers that the importer, the retailer's items and the replacements share.
 */
export {
  createPricingService,
  type Observation,
  type PricingService,
  rebuildPriceHistoryDays,
  storeAnswer,
  storeObservations,
  type Tier,
  TIERS,
} from './pricing.service';
export {
  type Availability,
  classifyLookup,
  createRetailer,
  createRetailerBudget,
  describeRetailerError,
  NOT_ACCESSIBLE_ON_DAYS,
  requireRetailer,
  type Retailer,
  toRetailerAppError,
} from './retailer';

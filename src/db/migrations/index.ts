/** Every migration in order. Migrations are frozen in time: they never import application code. */
import type { Kysely } from 'kysely';
import * as initial from './0001-initial';
import * as jobs from './0002-jobs';
import * as mediaBlobs from './0003-media-blobs';
import * as retailerRateBudget from './0004-retailer-rate-budget';
import * as loginAttempts from './0005-login-attempts';
import * as retailerData from './0006-retailer-data';
import * as clickAnalytics from './0007-click-analytics';
import * as retailerAccessStreaks from './0008-retailer-access-streaks';
import * as budgetDrift from './0009-budget-drift';
import * as scheduledPublishing from './0010-scheduled-publishing';
import * as buildRevisions from './0011-build-revisions';
import * as componentAttributes from './0012-component-attributes';
import * as imageCheckedAt from './0013-image-checked-at';
import * as visitDedupe from './0014-visit-dedupe';
import * as analyticsOutliveBuilds from './0015-analytics-outlive-builds';
import * as loginThrottleKeyedUsernames from './0016-login-throttle-keyed-usernames';
import * as alternativeOffers from './0017-alternative-offers';
import * as personalizationChoices from './0018-personalization-choices';
import * as mailOutbox from './0019-mail-outbox';
import * as priceAlerts from './0020-price-alerts';
import * as buildSearch from './0021-build-search';
import * as catalogueOrderIndexes from './0022-catalogue-order-indexes';
import * as singleLineText from './0023-single-line-text';
import * as alertMailbox from './0024-alert-mailbox';
import * as searchWordsAndSynonyms from './0025-search-words-and-synonyms';
import * as keyedCounters from './0026-keyed-counters';
import * as revenue from './0027-revenue';
import * as deals from './0028-deals';

export interface Migration {
  readonly name: string;
  up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void>;
}

export const migrations: readonly Migration[] = [
  { name: '0001-initial', up: initial.up },
  { name: '0002-jobs', up: jobs.up },
  { name: '0003-media-blobs', up: mediaBlobs.up },
  { name: '0004-retailer-rate-budget', up: retailerRateBudget.up },
  { name: '0005-login-attempts', up: loginAttempts.up },
  { name: '0006-retailer-data', up: retailerData.up },
  { name: '0007-click-analytics', up: clickAnalytics.up },
  { name: '0008-retailer-access-streaks', up: retailerAccessStreaks.up },
  { name: '0009-budget-drift', up: budgetDrift.up },
  { name: '0010-scheduled-publishing', up: scheduledPublishing.up },
  { name: '0011-build-revisions', up: buildRevisions.up },
  { name: '0012-component-attributes', up: componentAttributes.up },
  { name: '0013-image-checked-at', up: imageCheckedAt.up },
  { name: '0014-visit-dedupe', up: visitDedupe.up },
  { name: '0015-analytics-outlive-builds', up: analyticsOutliveBuilds.up },
  { name: '0016-login-throttle-keyed-usernames', up: loginThrottleKeyedUsernames.up },
  { name: '0017-alternative-offers', up: alternativeOffers.up },
  { name: '0018-personalization-choices', up: personalizationChoices.up },
  { name: '0019-mail-outbox', up: mailOutbox.up },
  { name: '0020-price-alerts', up: priceAlerts.up },
  { name: '0021-build-search', up: buildSearch.up },
  { name: '0022-catalogue-order-indexes', up: catalogueOrderIndexes.up },
  { name: '0023-single-line-text', up: singleLineText.up },
  { name: '0024-alert-mailbox', up: alertMailbox.up },
  { name: '0025-search-words-and-synonyms', up: searchWordsAndSynonyms.up },
  { name: '0026-keyed-counters', up: keyedCounters.up },
  { name: '0027-revenue', up: revenue.up },
  { name: '0028-deals', up: deals.up },
];

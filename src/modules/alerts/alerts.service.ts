/** Visitor price and stock alerts by email (issue 23): one service, one file per use case. */
import { createAlertLinks } from './manage.service';
import { createAlertRetention } from './retention.service';
import { createSubscribe, type SubscribeDeps } from './subscribe.service';

export function createAlertsService(deps: SubscribeDeps) {
  return {
    ...createSubscribe(deps),
    ...createAlertLinks(deps),
    ...createAlertRetention(deps),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

import type { ClickBeacon } from '../../../modules/analytics/analytics.schema';
import { PAGE_HOOKS } from '../../page-script/hooks';

/**
 * The attributes that make a link's clicks counted (page-script/click-beacons.ts): the hook, and the
 * beacon the script sends as it is, so the script assembles nothing and the server decides what is sent.
 */
export function beaconAttributes(beacon: ClickBeacon) {
  return { 'data-enhance': PAGE_HOOKS.clickBeacon, 'data-beacon': JSON.stringify(beacon) };
}

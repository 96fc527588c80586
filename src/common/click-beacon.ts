/**
 * Where the public pages' click beacons go (POST, sent with navigator.sendBeacon). Shared by the page
 * script and the server route, apart from `paths` so the page script's bundle carries one string only.
 */
export const CLICK_BEACON_PATH = '/api/events/click';

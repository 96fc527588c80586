/**
 * Resource route of the editor's lookup (no screen): the product an ASIN or a product link pasted in a
 * component names. Called through that component's fetcher, so a newer paste aborts an older lookup.
 */
import { loadRetailerItem } from './retailer-data';
import type { Route } from './+types/retailer-item-route';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadRetailerItem(new URL(request.url).searchParams, request.signal);
}

/**
 * Never run again after the editor's writes (a save, a price update): the answer is about what the author
 * typed, which no write changes, and running it again would fill fields the author has emptied since.
 */
export function shouldRevalidate() {
  return false;
}

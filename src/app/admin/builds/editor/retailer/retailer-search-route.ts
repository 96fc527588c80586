/**
 * Resource route of the editor's 'Cerca su Amazon' panel (no screen): one page of a product search. Called
 * through one fetcher, so a search typed after it aborts it and its answer never replaces a newer one.
 */
import { loadRetailerSearch } from './retailer-data';
import type { Route } from './+types/retailer-search-route';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadRetailerSearch(new URL(request.url).searchParams, request.signal);
}

/**
 * Never run again after the editor's writes (a save, a price update): the answer is about what the author
 * typed, which no write changes, and running it again would fill fields the author has emptied since.
 */
export function shouldRevalidate() {
  return false;
}

/**
 * Resource route of the editor's alternatives panel (no screen): the alternatives of one product, and
 * the panel's writes by intent (add, update, delete, add-group). Called through fetchers only, so an
 * expired session redirects to the login page and a superseded request is dropped by the router.
 */
import { loadProductAlternatives, runPanelAction } from './panel-data';
import type { Route } from './+types/alternatives-for-route';

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadProductAlternatives(params.asin, request.signal);
}

export function clientAction({ params, request }: Route.ClientActionArgs) {
  return runPanelAction(params.asin, request);
}

/**
 * /admin/alternatives: the alternatives manager (product spec, "Screens and routes", "States and transitions",
 * "Validation rules", "Error catalogue"). The loader reads the categories and the one selected by `?gruppo=<id>`; the
 * action runs the screen's writes by intent.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { AlternativesManager } from './alternatives-manager';
import { deletedSelectedCategory, loadManager, runManagerAction } from './manager-data';
import { AdminSpinner, adminMeta } from '../../ui';
import { siteFromMatches } from '../../../seo';
import type { Route } from './+types/alternatives-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Alternative', siteFromMatches(matches).siteName);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadManager(request);
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return runManagerAction(request);
}

/** After deleting the selected category the screen moves to the query without it: that navigation loads. */
export function shouldRevalidate({ actionResult, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return deletedSelectedCategory(actionResult, currentUrl.search) ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento categorie..." />;
}

export default function AdminAlternatives({ loaderData }: Route.ComponentProps) {
  return <AlternativesManager data={loaderData} />;
}

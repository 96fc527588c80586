/**
 * /admin/replacements: open smart-replacement records and their restore (product spec, "Screens and routes",
 * "Entities and their fields", "States and transitions", "Error catalogue").
 */
import { loadReplacements, restoreAction } from './replacements-data';
import { ReplacementsScreen } from './replacements-screen';
import { AdminSpinner, adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/replacements-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sostituzioni', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadReplacements(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => restoreAction(request);

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento sostituzioni..." />;
}

export default function AdminReplacements({ loaderData }: Route.ComponentProps) {
  return <ReplacementsScreen data={loaderData} />;
}

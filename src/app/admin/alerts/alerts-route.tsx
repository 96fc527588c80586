/** /admin/alerts: the visitors' alerts (targets, states, never an address) and the erase of an address. */
import { eraseAction, loadAlerts } from './alerts-data';
import { AlertsScreen } from './alerts-screen';
import { AdminSpinner, adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/alerts-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Avvisi', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadAlerts(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => eraseAction(request);

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento avvisi..." />;
}

export default function AdminAlerts({ loaderData }: Route.ComponentProps) {
  return <AlertsScreen data={loaderData} />;
}

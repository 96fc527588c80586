/**
 * /admin: the dashboard (product spec, "Screens and routes"). Reads in the clientLoader; the price buttons post to
 * the clientAction.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { loadDashboard, priceAction, priceActionFailed } from './dashboard-data';
import { DashboardScreen } from './dashboard-screen';
import { AdminSpinner, adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/dashboard-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadDashboard(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => priceAction(request);

/** A price action that succeeded changed the statistics: reload them. One that failed changed nothing. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return priceActionFailed(actionResult) ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento statistiche..." />;
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen data={loaderData} />;
}

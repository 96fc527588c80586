/** /admin/revenue: "Guadagni", the affiliate earnings from the Associates reports (decision 045). */
import { loadRevenue, revenueAction } from './revenue-data';
import { RevenueScreen } from './revenue-screen';
import { AdminSpinner, adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/revenue-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Guadagni', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadRevenue(request);
export const clientAction = ({ request }: Route.ClientActionArgs) => revenueAction(request);

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento guadagni..." />;
}

export default function AdminRevenue({ loaderData }: Route.ComponentProps) {
  return <RevenueScreen data={loaderData} />;
}

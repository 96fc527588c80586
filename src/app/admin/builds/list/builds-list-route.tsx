/**
 * /admin/builds: every build with search, status filter and delete (product spec, "Screens and routes",
 * "States and transitions", "Error catalogue").
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { deleteBuildAction, loadBuildList, shouldReloadBuildList } from './builds-list-data';
import { BuildsListScreen } from './builds-list-screen';
import { AdminSpinner, adminMeta } from '../../ui';
import { siteFromMatches } from '../../../seo';
import type { Route } from './+types/builds-list-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Build', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadBuildList(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => deleteBuildAction(request);

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return shouldReloadBuildList(args);
}

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento build..." />;
}

export default function AdminBuilds({ loaderData }: Route.ComponentProps) {
  return <BuildsListScreen data={loaderData} />;
}

/** /admin/synonyms: the site search's synonym groups (decision 041). */
import { loadSynonyms, synonymsAction } from './synonyms-data';
import { SynonymsScreen } from './synonyms-screen';
import { AdminSpinner, adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/synonyms-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sinonimi', siteFromMatches(matches).siteName);
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadSynonyms(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => synonymsAction(request);

export function HydrateFallback() {
  return <AdminSpinner label="Caricamento sinonimi..." />;
}

export default function AdminSynonyms({ loaderData }: Route.ComponentProps) {
  return <SynonymsScreen data={loaderData} />;
}

/** /admin/builds/new and /admin/builds/edit/:id (route ids admin-build-new, admin-build-edit). */
import { BuildEditor } from '../../admin/build-editor/build-editor';
import { adminMeta } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/build-editor';

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(params.id ? 'Modifica Build' : 'Nuova Build', siteFromMatches(matches).siteName);
}

export default function AdminBuildEditor({ params }: Route.ComponentProps) {
  return <BuildEditor routeId={params.id} />;
}

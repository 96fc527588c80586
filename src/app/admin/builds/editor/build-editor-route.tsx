/** /admin/builds/new and /admin/builds/edit/:id (route ids admin-build-new, admin-build-edit). */
import { editorAction, editorLoader } from './editor-data';
import { BuildEditorScreen } from './build-editor';
import { EDITOR_MESSAGES } from './editor-messages';
import { AdminSpinner, adminMeta } from '../../ui';
import { siteFromMatches } from '../../../seo';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/build-editor-route';

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(params.id ? 'Modifica Build' : 'Nuova Build', siteFromMatches(matches).siteName);
}

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return editorLoader(params.id, request.signal);
}

export function HydrateFallback() {
  return <AdminSpinner label={EDITOR_MESSAGES.loading} />;
}

export function clientAction({ params, request }: Route.ClientActionArgs) {
  return editorAction(request, params.id);
}

/**
 * The editor's own writes answer with what changed (the saved build, the merged components), so they do
 * not read the build again; a read now would also replace a form the author is typing in. A navigation to
 * the editor (another build, or this one from a link) does read it.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export default function AdminBuildEditor({ loaderData }: Route.ComponentProps) {
  return <BuildEditorScreen data={loaderData} />;
}

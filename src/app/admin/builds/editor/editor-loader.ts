/**
 * The build editor's read, run by the route's clientLoader: nothing for /admin/builds/new, the build for
 * /admin/builds/edit/:id. A build that cannot be read is an answer the screen shows ('Errore nel
 * caricamento della build' with the server's reason); the login redirect and aborts go to the router.
 */
import type { BuildAdmin } from '../../../../modules/builds/builds.types';
import { ApiError, buildsApi, errorMessage } from '../../api';
import { routeBuildId } from './editor-action';
import { EDITOR_MESSAGES } from './messages';

export type EditorLoaderData =
  | { status: 'new'; at: number }
  /** `created`: the editor has just created this build and came here to edit it (see markCreated). */
  | { status: 'ready'; build: BuildAdmin; created: boolean; at: number }
  /** `detail`: the server's reason, when it gave one. */
  | { status: 'error'; detail: string | null };

/**
 * The build the editor has just created, so its edit screen opens with 'Build creata con successo!'. A
 * one-shot message for the next screen, like a session flash: in memory, so a reload does not repeat it.
 */
let justCreated: number | null = null;

export function markCreated(buildId: number): void {
  justCreated = buildId;
}

function takeCreated(buildId: number): boolean {
  const created = justCreated === buildId;
  justCreated = null;
  return created;
}

export async function editorLoader(routeId: string | undefined, signal: AbortSignal): Promise<EditorLoaderData> {
  if (routeId === undefined) return { status: 'new', at: Date.now() };
  const buildId = routeBuildId(routeId);
  if (buildId === null) return { status: 'error', detail: EDITOR_MESSAGES.notFound };
  const created = takeCreated(buildId);
  try {
    return { status: 'ready', build: await buildsApi.get(buildId, signal), created, at: Date.now() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = errorMessage(error, EDITOR_MESSAGES.loadFailed);
    return { status: 'error', detail: detail === EDITOR_MESSAGES.loadFailed ? null : detail };
  }
}

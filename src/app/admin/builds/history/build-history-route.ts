/** Resource route of the build editor's 'Cronologia' (no screen): revisions, a comparison, the restore. */
import { loadHistory, runHistoryAction } from './history-data';
import type { Route } from './+types/build-history-route';

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadHistory(Number(params.id), request);
}

export function clientAction({ params, request }: Route.ClientActionArgs) {
  return runHistoryAction(Number(params.id), request);
}

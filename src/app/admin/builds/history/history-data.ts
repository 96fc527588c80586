/**
 * The editor's 'Cronologia' through its resource route (build-history-route.ts):
 * the list of revisions and, with `?revisione=N`, what restoring revision N would change against the
 * build as it is now (read from the build API: price refreshes and the publish job change a build
 * without recording a revision, so the newest revision may be behind it); the restore as the route's action. Fetchers only, so a superseded load is dropped by the
 * router and an expired session goes to the login.
 */
import type { BuildAdmin } from '../../../../modules/builds';
import type { RevisionSummary } from '../../../../modules/builds/revisions.schema';
import { attempt, buildsApi, errorMessage, revisionsApi } from '../../api';
import { formId } from '../../form-data';
import { currentVersion, type RevisionDiff, revisionDiff } from './revision-diff';

export const REVISION_PARAM = 'revisione';

export const HISTORY_MESSAGES = {
  loadFailed: 'Errore nel caricamento della cronologia',
  restoreFailed: 'Errore nel ripristino della revisione',
  restored: 'Revisione ripristinata: la build è tornata a quella versione.',
} as const;

export type HistoryData =
  | { ok: true; revisions: RevisionSummary[]; compared: { revision: RevisionSummary; diff: RevisionDiff } | null }
  | { ok: false; error: string };

export type HistoryActionResult = { ok: true; build: BuildAdmin } | { ok: false; error: string };

export async function loadHistory(buildId: number, request: Request): Promise<HistoryData> {
  const result = await attempt(
    (async () => {
      const revisions = await revisionsApi.list(buildId, request.signal);
      const wanted = Number(new URL(request.url).searchParams.get(REVISION_PARAM));
      const chosen = revisions.find((revision) => revision.id === wanted);
      if (!chosen || revisions.length === 0) return { ok: true as const, revisions, compared: null };
      const [current, older] = await Promise.all([buildsApi.get(buildId, request.signal), revisionsApi.get(buildId, chosen.id, request.signal)]);
      return { ok: true as const, revisions, compared: { revision: chosen, diff: revisionDiff(currentVersion(current), older.snapshot) } };
    })(),
  );
  return result.ok ? result.data : { ok: false, error: errorMessage(result.error, HISTORY_MESSAGES.loadFailed) };
}

export async function runHistoryAction(buildId: number, request: Request): Promise<HistoryActionResult> {
  const revisionId = formId(await request.formData(), 'revision');
  if (revisionId === null) return { ok: false, error: HISTORY_MESSAGES.restoreFailed };
  const result = await attempt(revisionsApi.restore(buildId, revisionId, request.signal));
  return result.ok ? { ok: true, build: result.data } : { ok: false, error: errorMessage(result.error, HISTORY_MESSAGES.restoreFailed) };
}

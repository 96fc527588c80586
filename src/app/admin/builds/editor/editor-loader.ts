/**
 * The build editor's read, run by the route's clientLoader: for /admin/builds/new whether the retailer is
 * configured (the 'Cerca su Amazon' button); for /admin/builds/edit/:id also the build, its last 30 days'
 * views and clicks and its price history. A build that cannot be read is an answer the screen shows
 * ('Errore nel caricamento della build' with the server's reason); the other parts failing only leave
 * their place empty (no analytics, no charts, the search offered anyway). The login redirect and aborts
 * go to the router.
 */
import type { BuildAnalytics } from '../../../../modules/analytics/analytics.schema';
import type { BuildAdmin } from '../../../../modules/builds/builds.types';
import type { PriceHistory } from '../../../../modules/pricing/pricing.schema';
import { analyticsApi, ApiError, attempt, buildsApi, errorMessage, pricingApi } from '../../api';
import type { Part } from '../../dashboard/dashboard-data';
import { parseRowId } from '../../form-data';
import { EDITOR_MESSAGES } from './messages';
import { loadRetailerStatus, type RetailerStatus } from './retailer/retailer-data';

export type EditorLoaderData =
  | { status: 'new'; at: number; retailer: RetailerStatus }
  /**
   * `created`: the editor has just created this build and came here to edit it (see markCreated).
   * `history`: its price history, null when it could not be read (the charts are simply not drawn).
   */
  | { status: 'ready'; build: BuildAdmin; created: boolean; at: number; analytics: Part<BuildAnalytics>; history: PriceHistory | null; retailer: RetailerStatus }
  /** `detail`: the server's reason, when it gave one. */
  | { status: 'error'; detail: string | null };

/**
 * The build the editor has just created, so its edit screen opens with 'Build creata con successo!'. A
 * one-shot message for the next screen, like a session flash: in memory, so a reload does not repeat it.
 */
let justCreated: number | null = null;

/** The window of the editor's 'Rendimento' card, in days. */
export const EDITOR_ANALYTICS_DAYS = 30;

async function loadAnalytics(buildId: number, signal: AbortSignal): Promise<Part<BuildAnalytics>> {
  const result = await attempt(analyticsApi.forBuild(buildId, EDITOR_ANALYTICS_DAYS, signal));
  return result.ok ? result : { ok: false, error: errorMessage(result.error, 'Statistiche non disponibili') };
}

async function loadPriceHistory(buildId: number, signal: AbortSignal): Promise<PriceHistory | null> {
  const result = await attempt(pricingApi.buildHistory(buildId, signal));
  return result.ok ? result.data : null;
}

export function markCreated(buildId: number): void {
  justCreated = buildId;
}

function takeCreated(buildId: number): boolean {
  const created = justCreated === buildId;
  justCreated = null;
  return created;
}

/** `buildIdParam`: the route's :id, the build's id as the URL spells it; undefined on /admin/builds/new. */
export async function editorLoader(buildIdParam: string | undefined, signal: AbortSignal): Promise<EditorLoaderData> {
  if (buildIdParam === undefined) return { status: 'new', at: Date.now(), retailer: await loadRetailerStatus(signal) };
  const buildId = parseRowId(buildIdParam);
  if (buildId === null) return { status: 'error', detail: EDITOR_MESSAGES.notFound };
  const created = takeCreated(buildId);
  try {
    const [build, analytics, history, retailer] = await Promise.all([
      buildsApi.get(buildId, signal),
      loadAnalytics(buildId, signal),
      loadPriceHistory(buildId, signal),
      loadRetailerStatus(signal),
    ]);
    return { status: 'ready', build, created, at: Date.now(), analytics, history, retailer };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = errorMessage(error, EDITOR_MESSAGES.loadFailed);
    return { status: 'error', detail: detail === EDITOR_MESSAGES.loadFailed ? null : detail };
  }
}

/**
 * The build editor's route data (build-editor-route.tsx).
 *
 * editorLoader, the clientLoader: for /admin/builds/new whether the retailer is configured (the 'Cerca su
 * Amazon' button); for /admin/builds/edit/:id also the build, its last 30 days' views and clicks and its
 * price history. A build that cannot be read is an answer the screen shows ('Errore nel caricamento della
 * build' with the server's reason); the other parts failing only leave their place empty (no analytics, no
 * charts, the search offered anyway).
 *
 * editorAction, the clientAction: every fetcher of the editor posts to its own route with an `intent`: JSON
 * for the save and the retailer actions, multipart for the images. The action talks to the API and answers
 * with what the screen shows: it never touches the screen's state, which applies the answer when its
 * fetcher returns (use-fetcher-result.ts).
 *
 * Only ApiErrors become answers: the login redirect of an expired session (api/api-request.ts), an aborted call
 * and programming errors are thrown on for the router to handle.
 */
import { z } from 'zod';
import { formatCount } from '../../../../common/format';
import type { BuildAnalytics } from '../../../../modules/analytics/analytics.schema';
import type { BuildRevenue } from '../../../../modules/revenue/revenue.schema';
import { addDays, romeDay } from '../../../../common/rome-day';
import type { BuildAdmin } from '../../../../modules/builds';
import type { ImportedComponent } from '../../../../modules/importer/importer.schema';
import type { PriceHistory } from '../../../../modules/pricing/pricing.schema';
import { alertsApi, analyticsApi, ApiError, attempt, buildsApi, errorFields, errorMessage, importerApi, mediaApi, pricingApi, replacementsApi, revenueApi } from '../../api';
import type { Part } from '../../dashboard/dashboard-data';
import { parseRowId } from '../../form-data';
import { refreshSummaryLines } from '../../pricing/refresh-summary';
import { type BuildFormValues, type BuildInputBody, type FieldErrors, isBuildInput, toBuildInput, validateBuildForm } from './form/build-form';
import { parseFormValues } from './form/form-values-schema';
import { EDITOR_MESSAGES, RETAILER_MESSAGES } from './editor-messages';
import { loadRetailerStatus, type RetailerStatus } from './retailer/retailer-data';
import { overwriteInput } from './save/merge-server';

export type EditorLoaderData =
  | { status: 'new'; at: number; retailer: RetailerStatus }
  /**
   * `created`: the editor has just created this build and came here to edit it (see markCreated).
   * `history`: its price history, null when it could not be read (the charts are simply not drawn).
   */
  | { status: 'ready'; build: BuildAdmin; created: boolean; at: number; analytics: Part<BuildAnalytics>; revenue: BuildRevenue | null; activeAlerts: number | null; history: PriceHistory | null; retailer: RetailerStatus }
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

/** The build's earnings over the same window (decision 045); null when they could not be read (not shown). */
async function loadRevenue(buildId: number, signal: AbortSignal): Promise<BuildRevenue | null> {
  const today = romeDay(new Date());
  const result = await attempt(revenueApi.forBuild(buildId, addDays(today, 1 - EDITOR_ANALYTICS_DAYS), today, signal));
  return result.ok ? result.data : null;
}

/** The build's active email alerts (a count); null when it could not be read (the figure is not shown). */
async function loadActiveAlerts(buildId: number, signal: AbortSignal): Promise<number | null> {
  const result = await attempt(alertsApi.stats(signal));
  return result.ok ? (result.data.builds.find((build) => build.build_id === buildId)?.active ?? 0) : null;
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
    const [build, analytics, revenue, activeAlerts, history, retailer] = await Promise.all([
      buildsApi.get(buildId, signal),
      loadAnalytics(buildId, signal),
      loadRevenue(buildId, signal),
      loadActiveAlerts(buildId, signal),
      loadPriceHistory(buildId, signal),
      loadRetailerStatus(signal),
    ]);
    return { status: 'ready', build, created, at: Date.now(), analytics, revenue, activeAlerts, history, retailer };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = errorMessage(error, EDITOR_MESSAGES.loadFailed);
    return { status: 'error', detail: detail === EDITOR_MESSAGES.loadFailed ? null : detail };
  }
}

/** What the editor's JSON fetchers send (submitted with encType 'application/json'). */
export type EditorJsonIntent =
  /** Create (on /admin/builds/new) or save on the condition that the server still holds `version`. */
  | { intent: 'save'; version: string | null; form: BuildFormValues }
  /** 'Sovrascrivi' after a conflict: the form saved over the version the server holds now. */
  | { intent: 'overwrite'; form: BuildFormValues }
  /** 'Ricarica' after a conflict: the version the server holds now. */
  | { intent: 'reload' }
  | { intent: 'smart' }
  | { intent: 'prices' }
  | { intent: 'import'; cartUrl: string };

/** What the image fetchers send (multipart, the file in `image`). */
export type EditorImageIntent = 'upload' | 'remove-background';

export type SaveIntent = 'save' | 'overwrite';
export type SaveResult =
  | { intent: SaveIntent; status: 'saved'; build: BuildAdmin; created: boolean; at: number }
  | { intent: SaveIntent; status: 'conflict'; message: string }
  /** `stage` 'read': 'Sovrascrivi' could not read the current version, nothing was saved. */
  | { intent: SaveIntent; status: 'failed'; message: string; fields: FieldErrors; stage: 'read' | 'save' };
export type ReloadResult = { intent: 'reload'; status: 'loaded'; build: BuildAdmin; at: number } | { intent: 'reload'; status: 'failed'; message: string };

export interface RetailerNotice {
  tone: 'success' | 'error';
  title: string;
  lines?: string[];
}
export type RetailerResult =
  | {
      intent: 'smart' | 'prices';
      status: 'done';
      notice: RetailerNotice;
      /** The build read again afterwards, to merge into the form; null when that read failed (the notice says so). */
      build: BuildAdmin | null;
      at: number;
      /** Component ids the smart replacement swapped. */
      replacedIds: number[];
      /** ASINs whose price the update refreshed (upper case). */
      updatedAsins: string[];
    }
  | { intent: 'smart' | 'prices'; status: 'failed'; notice: RetailerNotice }
  | { intent: 'import'; status: 'done'; components: ImportedComponent[]; affiliateTag: string | null }
  | { intent: 'import'; status: 'failed'; message: string };

/** `detail`: the server's own message, when it gave one. */
export type UploadResult = { intent: 'upload'; status: 'done'; url: string } | { intent: 'upload'; status: 'failed'; detail: string | null };
export type BackgroundResult = { intent: 'remove-background'; status: 'done'; png: Blob } | { intent: 'remove-background'; status: 'failed' };

export type EditorActionResult = SaveResult | ReloadResult | RetailerResult | UploadResult | BackgroundResult;

const jsonIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), version: z.string().nullable(), form: z.unknown() }),
  z.object({ intent: z.literal('overwrite'), form: z.unknown() }),
  z.object({ intent: z.literal('reload') }),
  z.object({ intent: z.literal('smart') }),
  z.object({ intent: z.literal('prices') }),
  z.object({ intent: z.literal('import'), cartUrl: z.string() }),
]);

/**
 * How the editor's fetchers submit. `flushSync`: the busy state ('Salvataggio...', 'Sostituzione in
 * corso...') is on screen before the request leaves, not in a later transition render that a quick answer
 * could overtake.
 */
export const JSON_SUBMIT = { method: 'post', encType: 'application/json', flushSync: true } as const;
export const IMAGE_SUBMIT = { method: 'post', encType: 'multipart/form-data', flushSync: true } as const;

/** The multipart body of an image intent. */
export function imageIntent(intent: EditorImageIntent, image: Blob, filename: string): FormData {
  const form = new FormData();
  form.append('intent', intent);
  form.append('image', image, filename);
  return form;
}

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
/** Only an answer of the API is the screen's to word; anything else is the router's (see the top of the file). */
function answerOrThrow(error: unknown): ApiError {
  if (!isApiError(error)) throw error;
  return error;
}

/** A programming error (the editor sent something it does not send): the route's error boundary shows it. */
class InvalidIntent extends Error {
  constructor() {
    super("Richiesta dell'editor non valida");
  }
}

/** `buildIdParam`: the route's :id, the edited build's id as the URL spells it; undefined on /admin/builds/new. */
export async function editorAction(request: Request, buildIdParam: string | undefined): Promise<EditorActionResult> {
  const buildId = parseRowId(buildIdParam);
  const { signal } = request;
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const parsed = jsonIntentSchema.safeParse(await request.json());
    if (!parsed.success) throw new InvalidIntent();
    const payload = parsed.data;
    switch (payload.intent) {
      case 'save': {
        const form = valuesOf(payload.form);
        return save('save', buildId, form, toBuildInput(form), payload.version, signal);
      }
      case 'overwrite':
        return overwrite(requireId(buildId), valuesOf(payload.form), signal);
      case 'reload':
        return reload(requireId(buildId), signal);
      case 'smart':
        return smartReplace(requireId(buildId), signal);
      case 'prices':
        return updatePrices(requireId(buildId), signal);
      case 'import':
        return importCart(payload.cartUrl, signal);
    }
  }
  const form = await request.formData();
  const intent = form.get('intent');
  const image = form.get('image');
  if (!(image instanceof File)) throw new InvalidIntent();
  if (intent === 'upload') return upload(image, signal);
  if (intent === 'remove-background') return removeBackground(image, signal);
  throw new InvalidIntent();
}

function valuesOf(form: unknown): BuildFormValues {
  const values = parseFormValues(form);
  if (!values) throw new InvalidIntent();
  return values;
}

function requireId(buildId: number | null): number {
  if (buildId === null) throw new InvalidIntent();
  return buildId;
}

const isConflict = (error: ApiError) => error.status === 409 && error.code === 'CONFLICT';

async function save(intent: SaveIntent, buildId: number | null, form: BuildFormValues, body: BuildInputBody, version: string | null, signal: AbortSignal): Promise<SaveResult> {
  // The screen checked the form before sending it; checked again here, so only a valid BuildInput leaves.
  if (!isBuildInput(body)) return { intent, status: 'failed', message: EDITOR_MESSAGES.invalid, fields: validateBuildForm(form), stage: 'save' };
  try {
    const build = buildId === null ? await buildsApi.create(body, signal) : await buildsApi.update(buildId, { ...body, updated_at: version }, signal);
    return { intent, status: 'saved', build, created: buildId === null, at: Date.now() };
  } catch (caught) {
    const error = answerOrThrow(caught);
    if (isConflict(error)) return { intent, status: 'conflict', message: errorMessage(error, EDITOR_MESSAGES.conflict) };
    return { intent, status: 'failed', message: errorMessage(error, EDITOR_MESSAGES.saveFailed), fields: errorFields(error), stage: 'save' };
  }
}

/** Reads the current version, then saves the form over it (components gone from the server are added again). */
async function overwrite(buildId: number, form: BuildFormValues, signal: AbortSignal): Promise<SaveResult> {
  let current: BuildAdmin;
  try {
    current = await buildsApi.get(buildId, signal);
  } catch (caught) {
    return { intent: 'overwrite', status: 'failed', message: errorMessage(answerOrThrow(caught), EDITOR_MESSAGES.reloadFailed), fields: {}, stage: 'read' };
  }
  return save('overwrite', buildId, form, overwriteInput(toBuildInput(form), current), current.updated_at, signal);
}

async function reload(buildId: number, signal: AbortSignal): Promise<ReloadResult> {
  try {
    return { intent: 'reload', status: 'loaded', build: await buildsApi.get(buildId, signal), at: Date.now() };
  } catch (caught) {
    return { intent: 'reload', status: 'failed', message: errorMessage(answerOrThrow(caught), EDITOR_MESSAGES.reloadFailed) };
  }
}

/** The build after a server-side change, or the line the notice adds when it could not be read. */
async function readAgain(buildId: number, signal: AbortSignal): Promise<{ build: BuildAdmin | null; problems: string[] }> {
  try {
    return { build: await buildsApi.get(buildId, signal), problems: [] };
  } catch (caught) {
    answerOrThrow(caught);
    return { build: null, problems: [RETAILER_MESSAGES.reloadFailed] };
  }
}

async function smartReplace(buildId: number, signal: AbortSignal): Promise<RetailerResult> {
  try {
    const { results, summary } = await replacementsApi.smartReplacement(buildId, signal);
    const { build, problems } = await readAgain(buildId, signal);
    return {
      intent: 'smart',
      status: 'done',
      notice: {
        tone: 'success',
        title: RETAILER_MESSAGES.smartDone,
        lines: [
          `Disponibili: ${formatCount(summary.available)}`,
          `Sostituiti: ${formatCount(summary.replaced)}`,
          `Non disponibili: ${formatCount(summary.unavailable)}`,
          `Errori: ${formatCount(summary.errors)}`,
          ...results.filter((result) => !result.success && result.message).map((result) => `${result.asin}: ${result.message}`),
          ...problems,
        ],
      },
      build,
      at: Date.now(),
      replacedIds: results.filter((result) => result.status === 'replaced').map((result) => result.componentId),
      updatedAsins: [],
    };
  } catch (caught) {
    return { intent: 'smart', status: 'failed', notice: { tone: 'error', title: errorMessage(answerOrThrow(caught), RETAILER_MESSAGES.smartFailed) } };
  }
}

async function updatePrices(buildId: number, signal: AbortSignal): Promise<RetailerResult> {
  try {
    const { results, summary } = await pricingApi.refreshBuild(buildId, signal);
    const { build, problems } = await readAgain(buildId, signal);
    return {
      intent: 'prices',
      status: 'done',
      notice: {
        tone: 'success',
        title: RETAILER_MESSAGES.pricesDone,
        lines: [
          ...refreshSummaryLines(summary),
          ...results.filter((result) => !result.success && result.error).map((result) => `${result.asin}: ${result.error}`),
          ...problems,
        ],
      },
      build,
      at: Date.now(),
      replacedIds: [],
      updatedAsins: results.filter((result) => result.success).map((result) => result.asin.toUpperCase()),
    };
  } catch (caught) {
    return { intent: 'prices', status: 'failed', notice: { tone: 'error', title: errorMessage(answerOrThrow(caught), RETAILER_MESSAGES.pricesFailed) } };
  }
}

async function importCart(cartUrl: string, signal: AbortSignal): Promise<RetailerResult> {
  try {
    const { components, affiliateTag } = await importerApi.importCart(cartUrl, signal);
    return { intent: 'import', status: 'done', components, affiliateTag };
  } catch (caught) {
    return { intent: 'import', status: 'failed', message: errorMessage(answerOrThrow(caught), RETAILER_MESSAGES.importFailed) };
  }
}

async function upload(image: File, signal: AbortSignal): Promise<UploadResult> {
  try {
    const { url } = await mediaApi.upload(image, image.name, signal);
    return { intent: 'upload', status: 'done', url };
  } catch (caught) {
    return { intent: 'upload', status: 'failed', detail: answerOrThrow(caught).serverMessage };
  }
}

async function removeBackground(image: File, signal: AbortSignal): Promise<BackgroundResult> {
  try {
    return { intent: 'remove-background', status: 'done', png: await mediaApi.removeBackground(image, image.name, signal) };
  } catch (caught) {
    answerOrThrow(caught);
    return { intent: 'remove-background', status: 'failed' };
  }
}

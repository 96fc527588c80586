/**
 * Smart replacement of one build: asks Amazon about its components, and swaps each one Amazon says is
 * unavailable for the best alternative (choose-candidate.ts), keeping the original in a replacement
 * record (swap-component.ts). Only an answer from Amazon about an item counts as "unavailable": a
 * throttle, a network error or an auth failure makes the component an 'error' and changes nothing (the
 * original site replaced components in bulk while it was blocked).
 */
import { isValidAsin, normalizeAsin } from '../../common/asin';
import { errorMessageForLog } from '../../common/log-text';
import { centsToEuro } from '../../common/money';
import type { AppConfig } from '../../config/env';
import type { ComponentRow } from '../../db/tables';
import { type CreatorsClient, type ItemLookup, MAX_ITEMS_PER_REQUEST } from '../../integrations/amazon-creators';
import type { AlternativesService } from '../alternatives';
import type { BuildsService } from '../builds';
import { assessedComponentOf } from '../../compatibility/stored-parts';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import type { JobsService } from '../jobs';
import { classifyLookup, describeRetailerError, NOT_ACCESSIBLE_ON_DAYS, requireRetailer, type Retailer, storeAnswer } from '../pricing';
import { type BuildParts, chooseCandidate, NO_ALTERNATIVES, priceCentsOf, substituteFacts } from './choose-candidate';
import * as repo from './replacements.repository';
import type { ScheduledReplacementRun, SmartReplacementOutcome, SmartReplacementResult } from './replacements.types';
import { errorResult, summarize, type Unavailable, unavailableResult, unknownMessage } from './smart-replacement-results';
import { swapComponent } from './swap-component';

export const REPLACEMENT_REASON = 'Prodotto originale non disponibile su Amazon';
/** For a product Amazon refused access to on two different days (decision 021); shown on the build page too. */
export const NOT_ACCESSIBLE_REASON = 'Prodotto originale non più accessibile su Amazon, probabilmente ritirato dalla vendita';

export interface SmartReplacementDeps extends DataDeps {
  config: Pick<AppConfig, 'amazon' | 'pricing'>;
  retailer: Retailer;
  alternatives: Pick<AlternativesService, 'listCandidatesFor'>;
  builds: Pick<BuildsService, 'requireBuild'>;
  jobs: JobsService;
  events: ContentEvents;
}

/** Per component id, the answer of this run so far. */
type Results = Map<number, SmartReplacementResult>;

/**
 * Stores what Amazon said about each ASIN (access, components, price history; unknown answers are not
 * stored) and returns the answers as they are to be read (storeAnswer), and whether anything was stored.
 */
async function storeLookups(deps: DataDeps, lookups: Map<string, ItemLookup>): Promise<{ settled: Map<string, ItemLookup>; stored: boolean }> {
  const { db, clock } = deps;
  const observedAt = clock.now().toISOString();
  const settled = await db.transaction().execute((trx) => storeAnswer(trx, clock, lookups, observedAt));
  return { settled, stored: [...settled.values()].some((lookup) => classifyLookup(lookup) !== 'unknown') };
}

/** The open replacement record of each component that has one (the first found, should there be more). */
async function openRecordsOf(deps: DataDeps, components: ComponentRow[]): Promise<Map<number, repo.ReplacementRow>> {
  const openRecords = new Map<number, repo.ReplacementRow>();
  for (const record of await repo.findOpenByComponentIds(deps.db, components.map((c) => c.id))) {
    if (record.component_id !== null && !openRecords.has(record.component_id)) openRecords.set(record.component_id, record);
  }
  return openRecords;
}

/**
 * Reads Amazon's answer about each checked component: an available one or one Amazon says nothing about
 * gets its result in `results`; an unavailable one is returned, with the alternatives it may be replaced by.
 */
async function findUnavailable(
  deps: SmartReplacementDeps,
  checkable: ComponentRow[],
  lookups: Map<string, ItemLookup>,
  openRecords: Map<number, repo.ReplacementRow>,
  results: Results,
): Promise<Unavailable[]> {
  const unavailable: Unavailable[] = [];
  for (const c of checkable) {
    const asin = normalizeAsin(c.asin!);
    const lookup = lookups.get(asin);
    const lastKnownCents = priceCentsOf(lookup) ?? c.price_cents;
    const kind = classifyLookup(lookup);
    if (kind === 'available') {
      results.set(c.id, { componentId: c.id, asin, status: 'available', success: true, price: centsToEuro(lastKnownCents) });
    } else if (kind === 'unknown') {
      results.set(c.id, errorResult(c, asin, unknownMessage(lookup), lastKnownCents));
    } else {
      const record = c.is_replaced ? openRecords.get(c.id) : undefined;
      const originalAsin = record?.original_asin ? normalizeAsin(record.original_asin) : asin;
      const candidates = (await deps.alternatives.listCandidatesFor(originalAsin, record?.original_type ?? c.type)).filter((alternative) => {
        const candidate = normalizeAsin(alternative.alternative_asin);
        return candidate !== asin && candidate !== originalAsin && isValidAsin(candidate);
      });
      // The price the original had when it left the build (this run's observation included).
      const referenceCents = record ? record.original_price_cents : lastKnownCents;
      const refused = lookup?.status === 'not_found' && lookup.code === NOT_ACCESSIBLE_ON_DAYS ? lookup.message : null;
      unavailable.push({ component: c, asin, record, referenceCents, lastKnownCents, candidates, reason: refused ? NOT_ACCESSIBLE_REASON : REPLACEMENT_REASON, note: refused });
    }
  }
  return unavailable;
}

async function replaceInBuild(deps: SmartReplacementDeps, client: CreatorsClient, buildId: number): Promise<{ outcome: SmartReplacementOutcome; requests: number }> {
  const { db } = deps;
  const { affiliateTag: tag } = await deps.builds.requireBuild(buildId);
  const components = await repo.listComponentsWithAsin(db, buildId);
  const openRecords = await openRecordsOf(deps, components);

  const results: Results = new Map();
  const checkable = components.filter((c) => {
    if (isValidAsin(normalizeAsin(c.asin!))) return true;
    // Never looked up: the client would call it "not found" without asking Amazon.
    results.set(c.id, errorResult(c, c.asin!, 'ASIN non valido: impossibile verificare la disponibilità'));
    return false;
  });
  const finish = (requests: number) => {
    const list = components.map((c) => results.get(c.id)!);
    return { outcome: { results: list, summary: summarize(list) }, requests };
  };
  if (checkable.length === 0) return finish(0);

  const asins = [...new Set(checkable.map((c) => normalizeAsin(c.asin!)))];
  let requests = Math.ceil(asins.length / MAX_ITEMS_PER_REQUEST);
  let answered: Map<string, ItemLookup>;
  try {
    answered = await client.getItems(asins);
  } catch (error) {
    const message = describeRetailerError(error);
    for (const c of checkable) results.set(c.id, errorResult(c, normalizeAsin(c.asin!), message));
    return finish(requests);
  }
  const { settled: lookups, stored } = await storeLookups(deps, answered);
  let changed = stored;

  const unavailable = await findUnavailable(deps, checkable, lookups, openRecords, results);

  const candidateAsins = [...new Set(unavailable.flatMap((entry) => entry.candidates.map((a) => normalizeAsin(a.alternative_asin))))];
  let candidateLookups = new Map<string, ItemLookup>();
  if (candidateAsins.length > 0) {
    requests += Math.ceil(candidateAsins.length / MAX_ITEMS_PER_REQUEST);
    let answeredCandidates: Map<string, ItemLookup>;
    try {
      answeredCandidates = await client.getItems(candidateAsins);
    } catch (error) {
      const message = describeRetailerError(error);
      for (const entry of unavailable) {
        // Without candidates no lookup was needed: the answer about the original stands.
        if (entry.candidates.length === 0) results.set(entry.component.id, unavailableResult(entry, NO_ALTERNATIVES));
        else results.set(entry.component.id, errorResult(entry.component, entry.asin, `Alternative non verificabili: ${message}`, entry.lastKnownCents));
      }
      if (changed) await deps.events.emitChange();
      return finish(requests);
    }
    const storedCandidates = await storeLookups(deps, answeredCandidates);
    candidateLookups = storedCandidates.settled;
    if (storedCandidates.stored) changed = true;
  }

  // Each swap changes what the next substitute must fit with.
  const build: BuildParts = new Map((await repo.listComponentFacts(db, buildId)).map((row) => [row.id, assessedComponentOf(row)]));
  for (const entry of unavailable) {
    const chosen = chooseCandidate(entry, candidateLookups, build, deps.config.pricing);
    if (typeof chosen === 'string') {
      results.set(entry.component.id, unavailableResult(entry, chosen));
      continue;
    }
    const result = await swapComponent(deps, buildId, tag, entry, chosen);
    if (result.status === 'replaced') {
      changed = true;
      build.set(entry.component.id, substituteFacts(entry, chosen));
    }
    results.set(entry.component.id, result);
  }
  if (changed) await deps.events.emitChange();
  return finish(requests);
}

/**
 * POST /builds/{id}/smart-replacement (404 for a missing build before 503 for a missing retailer). Runs
 * under the shared price-work lease: a manual run answers 409 while other price work runs; a scheduled
 * run returns null instead.
 */
export async function runSmartReplacement(
  deps: SmartReplacementDeps,
  buildId: number,
  trigger: 'manual' | 'scheduled' = 'manual',
): Promise<SmartReplacementOutcome | null> {
  // A missing build is 404 whatever the configuration: the request is wrong, not the server.
  await deps.builds.requireBuild(buildId);
  const client = requireRetailer(deps.retailer, deps.config);
  return deps.jobs.runExclusive(`smart-replacement-${buildId}`, trigger, async () => {
    const { outcome, requests } = await replaceInBuild(deps, client, buildId);
    const { summary } = outcome;
    return {
      value: outcome,
      counts: {
        total: outcome.results.length,
        updated: summary.replaced,
        unchanged: summary.available,
        unavailable: summary.unavailable,
        failed: summary.errors,
        requests,
      },
    };
  });
}

/**
 * Follow-up of a scheduled refresh (called by the scheduler when smartReplacementOnRefresh is on):
 * runs the smart replacement on every published build that holds one of these ASINs. A failure on
 * one build is logged and does not stop the others.
 */
export async function runScheduledReplacements(deps: SmartReplacementDeps, unavailableAsins: string[]): Promise<ScheduledReplacementRun[]> {
  if (!deps.retailer) return [];
  const asins = [...new Set(unavailableAsins.filter((a): a is string => typeof a === 'string').map(normalizeAsin).filter(isValidAsin))];
  const runs: ScheduledReplacementRun[] = [];
  for (const buildId of await repo.findPublishedBuildIdsWithAsins(deps.db, asins, deps.clock.now().toISOString())) {
    try {
      runs.push({ buildId, outcome: await runSmartReplacement(deps, buildId, 'scheduled') });
    } catch (error) {
      const message = describeRetailerError(error);
      console.error(`[sostituzioni] sostituzione automatica della build ${buildId} non riuscita: ${errorMessageForLog(message)}`);
      runs.push({ buildId, outcome: null, error: message });
    }
  }
  return runs;
}

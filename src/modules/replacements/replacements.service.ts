/**
 * Smart replacement: swaps components Amazon says are unavailable for the first alternative that is
 * available and priced inside the band, keeping the original in a replacement record so it can be
 * restored. Only an answer from Amazon about an item counts as "unavailable": a throttle, a network
 * error or an auth failure makes the component an 'error' and changes nothing (the original site
 * replaced components in bulk while it was blocked).
 *
 * Band: a candidate may cost at most original + min(original x replacementMaxIncreasePercent %,
 * replacementMaxIncreaseEuro); cheaper is always fine. A candidate without a price is never taken (its
 * cost is unknown). When the original has no price there is nothing to compare with: the first
 * available candidate that has a price is taken.
 *
 * Compatibility (issue 15): among the candidates in the band, one that loses no passing compatibility
 * check is taken before one that makes a passing check uncertain; within each, the one with the most
 * checks passing, then the first in priority order (chooseSwap). One that turns a check into an error
 * (wrong socket, memory, size, a supply too small) never.
 */
import type { Kysely } from 'kysely';
import { isValidAsin, normalizeAsin, productUrl } from '../../common/asin';
import { AppError, notFound } from '../../common/errors';
import { formatPrice } from '../../common/format';
import { type AssessedComponent, assessBuild, chooseSwap, type SwapOption } from '../../common/compatibility/assess';
import { centsToEuro, euroToCents } from '../../common/money';
import type { AppConfig, PricingConfig } from '../../config/env';
import type { ComponentRow, Database } from '../../db/schema';
import { type CreatorsClient, type FoundItem, type ItemLookup, MAX_ITEMS_PER_REQUEST } from '../../integrations/amazon-creators';
import type { AlternativesService } from '../alternatives/alternatives.service';
import type { Alternative } from '../alternatives/alternatives.types';
import { type BuildsService, bumpBuildVersion, toComponentAdmin } from '../builds/builds.service';
import { assessedComponentOf } from '../builds/compatibility';
import { recordRevision, REVISION_REASONS, SYSTEM_AUTHOR } from '../builds/revisions.service';
import type { DataDeps } from '../data-deps';
import type { ContentEvents } from '../content-events';
import type { JobsService } from '../jobs/jobs.service';
import { storeAnswer } from '../pricing/pricing.service';
import { classifyLookup, describeRetailerError, NOT_ACCESSIBLE_ON_DAYS, type Retailer, requireRetailer } from '../pricing/retailer';
import * as repo from './replacements.repository';
import type {
  ReplacementRecord,
  RestoreOutcome,
  ScheduledReplacementRun,
  SmartReplacementOutcome,
  SmartReplacementResult,
  SmartReplacementSummary,
} from './replacements.types';
import { errorMessageForLog } from '../../common/log-text';

export const REPLACEMENT_REASON = 'Prodotto originale non disponibile su Amazon';
/** For a product Amazon refused access to on two different days (decision 021); shown on the build page too. */
export const NOT_ACCESSIBLE_REASON = 'Prodotto originale non più accessibile su Amazon, probabilmente ritirato dalla vendita';
const REPLACEMENT_NOT_FOUND = 'Sostituzione non trovata';
const ALREADY_RESTORED = 'Questa sostituzione è già stata ripristinata';
const CHANGED_MEANWHILE = 'Il componente è stato modificato durante la sostituzione: riprova';
const NO_ALTERNATIVES = 'Prodotto non disponibile su Amazon e nessuna alternativa configurata';

export interface ReplacementsDeps extends DataDeps {
  config: Pick<AppConfig, 'amazon' | 'pricing'>;
  retailer: Retailer;
  alternatives: Pick<AlternativesService, 'listCandidatesFor'>;
  builds: Pick<BuildsService, 'requireBuild'>;
  jobs: JobsService;
  events: ContentEvents;
}

/** Highest acceptable substitute price in cents; null when the original has no price (no limit to apply). */
export function maxReplacementCents(
  originalCents: number | null,
  band: Pick<PricingConfig, 'replacementMaxIncreasePercent' | 'replacementMaxIncreaseEuro'>,
): number | null {
  if (originalCents === null) return null;
  const byPercent = Math.round((originalCents * band.replacementMaxIncreasePercent) / 100);
  const byEuro = Math.round(band.replacementMaxIncreaseEuro * 100);
  return originalCents + Math.min(byPercent, byEuro);
}

/**
 * After a revision of a build is restored (revisions.service), in its transaction, with the build locked:
 * makes the build's replacement records match its components again, so the 'Sostituzioni' screen never
 * offers a restore that cannot apply. A record stays open only while its substitute is in the build:
 * - an open record whose component is gone, or is no longer a substitute (the revision is from before the
 *   swap, or from after the original came back), is closed;
 * - a substitute brought back (is_replaced = 1) without an open record gets back the record that was open
 *   when the revision was recorded (the newest of that component created at or before `revisionAt`), so
 *   its original can be restored again. A substitute that comes back as a new row (its row was deleted
 *   since) cannot be matched to its record (the record's link was cleared with the row) and stays without.
 */
export async function reconcileReplacementRecords(trx: Kysely<Database>, buildId: number, revisionAt: string, at: string): Promise<void> {
  await repo.closeRecordsWithoutSubstitute(trx, buildId, at);
  for (const componentId of await repo.findSubstitutesWithoutOpenRecord(trx, buildId)) {
    const record = await repo.findLatestRecordOf(trx, buildId, componentId, revisionAt);
    if (record && record.restored_at !== null) await repo.reopenReplacement(trx, record.id);
  }
}

function priceCentsOf(lookup: ItemLookup | undefined): number | null {
  return lookup?.status === 'found' && lookup.price !== null ? euroToCents(lookup.price) : null;
}

function summarize(results: SmartReplacementResult[]): SmartReplacementSummary {
  const count = (status: SmartReplacementResult['status']) => results.filter((r) => r.status === status).length;
  return { available: count('available'), replaced: count('replaced'), unavailable: count('unavailable'), errors: count('error') };
}

/** Thrown inside a swap transaction to roll it back when the row changed under us. */
class ChangedMeanwhile extends Error {}

/** A component found unavailable, with what its substitute is chosen against. */
interface Unavailable {
  component: ComponentRow;
  asin: string;
  /** The open record when the component is already a substitute: the original's data lives there. */
  record: repo.ReplacementRow | undefined;
  /** Band reference: the original's price (for a substitute, the price the original had when swapped out). */
  referenceCents: number | null;
  lastKnownCents: number | null;
  candidates: Alternative[];
  /** Why it is unavailable, as recorded with the replacement (and shown on the build page). */
  reason: string;
  /** What Amazon's answers said, when more than "unavailable" (a product refused access on two days). */
  note: string | null;
}

interface Chosen {
  alternative: Alternative;
  item: FoundItem;
  priceCents: number;
}

/** The build's components as the compatibility checks read them, by component id. */
type BuildParts = Map<number, AssessedComponent>;

/** What the checks know of a substitute: its name and Amazon's title and bullet points (no author overrides yet). */
function substituteFacts(entry: Unavailable, chosen: Chosen): AssessedComponent {
  return {
    type: entry.component.type,
    name: chosen.alternative.alternative_name?.trim() || chosen.item.title || normalizeAsin(chosen.alternative.alternative_asin),
    brand: chosen.item.brand,
    model: null,
    specs: [chosen.item.title, ...chosen.item.features].filter(Boolean).join('\n'),
  };
}

function withSubstitute(build: BuildParts, componentId: number, part: AssessedComponent): AssessedComponent[] {
  return [...build].map(([id, current]) => (id === componentId ? part : current));
}

export function createReplacementsService(deps: ReplacementsDeps) {
  const { db, clock, jobs } = deps;
  const now = () => clock.now().toISOString();

  /**
   * Stores what Amazon said about each ASIN (access, components, price history; unknown answers are not
   * stored) and returns the answers as they are to be read (storeAnswer), and whether anything was stored.
   */
  async function storeLookups(lookups: Map<string, ItemLookup>, observedAt: string): Promise<{ settled: Map<string, ItemLookup>; stored: boolean }> {
    const settled = await db.transaction().execute((trx) => storeAnswer(trx, clock, lookups, observedAt));
    return { settled, stored: [...settled.values()].some((lookup) => classifyLookup(lookup) !== 'unknown') };
  }

  function errorResult(component: ComponentRow, asin: string, message: string, priceCents: number | null = component.price_cents): SmartReplacementResult {
    return { componentId: component.id, asin, status: 'error', success: false, price: centsToEuro(priceCents), message };
  }

  function unknownMessage(lookup: ItemLookup | undefined): string {
    if (!lookup) return 'Nessuna risposta da Amazon per questo prodotto';
    if (lookup.status === 'not_found') return `Disponibilità non verificabile: ${lookup.message}`;
    return 'Amazon non indica la disponibilità di questo prodotto';
  }

  /**
   * The candidate, available with a price inside the band, that does best for the build's compatibility
   * (see the header); else why none is. `build` is the build as it now stands.
   */
  function choose(entry: Unavailable, lookups: Map<string, ItemLookup>, build: BuildParts): Chosen | string {
    if (entry.candidates.length === 0) return NO_ALTERNATIVES;
    const limit = maxReplacementCents(entry.referenceCents, deps.config.pricing);
    const before = assessBuild([...build.values()]);
    let overBand = false;
    let withoutPrice = false;
    const options: SwapOption<Chosen>[] = [];
    for (const alternative of entry.candidates) {
      const lookup = lookups.get(normalizeAsin(alternative.alternative_asin));
      if (!lookup || lookup.status !== 'found' || classifyLookup(lookup) !== 'available') continue;
      const priceCents = priceCentsOf(lookup);
      if (priceCents === null) {
        withoutPrice = true;
        continue;
      }
      if (limit !== null && priceCents > limit) {
        overBand = true;
        continue;
      }
      const chosen = { alternative, item: lookup, priceCents };
      options.push({ option: chosen, after: assessBuild(withSubstitute(build, entry.component.id, substituteFacts(entry, chosen))) });
    }
    // The best for the build's checks (chooseSwap), never one that turns a check into an error.
    const choice = chooseSwap(before, options);
    if (choice.option) return choice.option;
    if (choice.breaking) {
      return `Prodotto non disponibile su Amazon: le alternative disponibili nella fascia di prezzo non sono compatibili con la build (${choice.breaking.message})`;
    }
    if (overBand) {
      return `Prodotto non disponibile su Amazon: le alternative disponibili superano la fascia di prezzo consentita (massimo ${formatPrice(centsToEuro(limit))})`;
    }
    if (withoutPrice) return 'Prodotto non disponibile su Amazon: le alternative disponibili non hanno un prezzo su Amazon';
    return 'Prodotto non disponibile su Amazon e nessuna alternativa disponibile';
  }

  /** Swaps the substitute into the component row in place, keeping the original in the (one) open record. */
  async function swap(buildId: number, tag: string, entry: Unavailable, chosen: Chosen): Promise<SmartReplacementResult> {
    const asin = normalizeAsin(chosen.alternative.alternative_asin);
    const name = chosen.alternative.alternative_name?.trim() || chosen.item.title || asin;
    const url = productUrl(asin, tag);
    const timestamp = now();
    try {
      await db.transaction().execute(async (trx) => {
        // The build first: an editor form loaded before the swap must not save the original back unnoticed.
        if (!(await bumpBuildVersion(trx, buildId, clock))) throw new ChangedMeanwhile();
        const row = await repo.findComponentById(trx, entry.component.id);
        if (!row || row.build_id !== buildId || normalizeAsin(row.asin ?? '') !== entry.asin) throw new ChangedMeanwhile();
        const record = await repo.findOpenByComponentId(trx, row.id);
        if (entry.record && record?.id !== entry.record.id) throw new ChangedMeanwhile(); // restored meanwhile
        if (record && entry.record) {
          await repo.updateReplacementReason(trx, record.id, entry.reason);
        } else if (!record) {
          await repo.insertReplacement(trx, {
            build_id: buildId,
            component_id: row.id,
            original_type: row.type,
            original_name: row.name,
            original_brand: row.brand,
            original_model: row.model,
            original_specs: row.specs,
            original_asin: row.asin,
            original_link: row.amazon_link,
            original_price_cents: row.price_cents,
            original_position: row.position,
            original_attribute_overrides: row.attribute_overrides,
            replacement_reason: entry.reason,
            created_at: timestamp,
            restored_at: null,
          });
        } else {
          // An open record we did not expect (the row was replaced by someone else meanwhile).
          throw new ChangedMeanwhile();
        }
        await repo.updateComponent(trx, row.id, {
          name,
          // The original's brand/model/specs describe another product: the record keeps them for restore.
          brand: chosen.item.brand,
          model: null,
          specs: null,
          amazon_link: url,
          asin,
          price_cents: chosen.priceCents,
          price_source: 'amazon',
          price_updated_at: timestamp,
          availability: chosen.item.availability,
          availability_checked_at: timestamp,
          // The substitute's own image: the original's would show another product.
          image_url: chosen.item.image?.url ?? null,
          image_checked_at: chosen.item.image ? timestamp : null,
          // The author's attributes were about the original; the substitute's are derived from its own title.
          attribute_overrides: null,
          is_replaced: 1,
          replacement_reason: entry.reason,
          updated_at: timestamp,
        });
        await recordRevision(trx, buildId, REVISION_REASONS.smartReplacement, SYSTEM_AUTHOR, timestamp);
      });
    } catch (error) {
      if (error instanceof ChangedMeanwhile) return errorResult(entry.component, entry.asin, CHANGED_MEANWHILE, entry.lastKnownCents);
      throw error;
    }
    const price = centsToEuro(chosen.priceCents);
    return {
      componentId: entry.component.id,
      asin: entry.asin,
      status: 'replaced',
      success: true,
      price,
      message: `Sostituito con ${name}`,
      replacement: { asin, name, url, price },
    };
  }

  async function replaceInBuild(client: CreatorsClient, buildId: number): Promise<{ outcome: SmartReplacementOutcome; requests: number }> {
    const { affiliateTag: tag } = await deps.builds.requireBuild(buildId);
    const components = await repo.listComponentsWithAsin(db, buildId);
    const openRecords = new Map<number, repo.ReplacementRow>();
    for (const record of await repo.findOpenByComponentIds(db, components.map((c) => c.id))) {
      if (record.component_id !== null && !openRecords.has(record.component_id)) openRecords.set(record.component_id, record);
    }

    const results = new Map<number, SmartReplacementResult>();
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
    const { settled: lookups, stored } = await storeLookups(answered, now());
    let changed = stored;

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
      const storedCandidates = await storeLookups(answeredCandidates, now());
      candidateLookups = storedCandidates.settled;
      if (storedCandidates.stored) changed = true;
    }

    // Each swap changes what the next substitute must fit with.
    const build: BuildParts = new Map((await repo.listComponentFacts(db, buildId)).map((row) => [row.id, assessedComponentOf(row)]));
    for (const entry of unavailable) {
      const chosen = choose(entry, candidateLookups, build);
      if (typeof chosen === 'string') {
        results.set(entry.component.id, unavailableResult(entry, chosen));
        continue;
      }
      const result = await swap(buildId, tag, entry, chosen);
      if (result.status === 'replaced') {
        changed = true;
        build.set(entry.component.id, substituteFacts(entry, chosen));
      }
      results.set(entry.component.id, result);
    }
    if (changed) await deps.events.emitChange();
    return finish(requests);
  }

  function unavailableResult(entry: Unavailable, message: string): SmartReplacementResult {
    const text = entry.note ? `${entry.note}. ${message}` : message;
    return { componentId: entry.component.id, asin: entry.asin, status: 'unavailable', success: false, price: centsToEuro(entry.lastKnownCents), message: text };
  }

  /**
   * POST /builds/{id}/smart-replacement (404 for a missing build before 503 for a missing retailer). Runs under the shared price-work lease: a manual run answers
   * 409 while other price work runs; a scheduled run returns null instead.
   */
  async function runSmartReplacement(buildId: number, trigger: 'manual' | 'scheduled' = 'manual'): Promise<SmartReplacementOutcome | null> {
    // A missing build is 404 whatever the configuration: the request is wrong, not the server.
    await deps.builds.requireBuild(buildId);
    const client = requireRetailer(deps.retailer, deps.config);
    return jobs.runExclusive(`smart-replacement-${buildId}`, trigger, async () => {
      const { outcome, requests } = await replaceInBuild(client, buildId);
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
  async function runScheduledReplacements(unavailableAsins: string[]): Promise<ScheduledReplacementRun[]> {
    if (!deps.retailer) return [];
    const asins = [...new Set(unavailableAsins.filter((a): a is string => typeof a === 'string').map(normalizeAsin).filter(isValidAsin))];
    const runs: ScheduledReplacementRun[] = [];
    for (const buildId of await repo.findPublishedBuildIdsWithAsins(db, asins, clock.now().toISOString())) {
      try {
        runs.push({ buildId, outcome: await runSmartReplacement(buildId, 'scheduled') });
      } catch (error) {
        const message = describeRetailerError(error);
        console.error(`[sostituzioni] sostituzione automatica della build ${buildId} non riuscita: ${errorMessageForLog(message)}`);
        runs.push({ buildId, outcome: null, error: message });
      }
    }
    return runs;
  }

  /** GET /replacements: open records, newest first. */
  async function listReplacements(): Promise<{ replacements: ReplacementRecord[] }> {
    const rows = await repo.listOpenReplacements(db);
    return {
      replacements: rows.map((row) => ({
        id: row.id,
        build_id: row.build_id,
        build_title: row.build_title,
        component_id: row.substitute_id ?? null,
        name: row.substitute_name ?? null,
        price: centsToEuro(row.substitute_price_cents),
        asin: row.substitute_asin ?? null,
        type: row.substitute_type ?? row.original_type,
        amazon_link: row.substitute_link ?? null,
        original_name: row.original_name,
        original_asin: row.original_asin,
        original_link: row.original_link,
        original_price: centsToEuro(row.original_price_cents),
        replacement_reason: row.replacement_reason,
        created_at: row.created_at,
      })),
    };
  }

  /**
   * Price metadata of a restored original: dated by the latest Amazon observation at that price when
   * there is one; otherwise the price is the build's as of the swap (never presented as fresher).
   */
  async function restoredPriceMeta(trx: Kysely<Database>, record: repo.ReplacementRow) {
    if (record.original_price_cents === null) return { price_source: null, price_updated_at: null };
    const observed = record.original_asin ? await repo.findLatestObservationAtPrice(trx, record.original_asin, record.original_price_cents) : undefined;
    if (observed) return { price_source: 'amazon', price_updated_at: observed.observed_at };
    return { price_source: 'manual', price_updated_at: record.created_at };
  }

  /**
   * POST /replacements/{id}/restore: the original's fields go back into the same component row (same id
   * and position), the substitute is gone, the record is closed; all in one transaction. If the
   * substitute was deleted meanwhile, the original is re-inserted at its original position.
   */
  async function restore(replacementId: number): Promise<RestoreOutcome> {
    const component = await db.transaction().execute(async (trx) => {
      const timestamp = now();
      const found = await repo.findReplacementById(trx, replacementId);
      if (!found) throw notFound(REPLACEMENT_NOT_FOUND);
      // The build first (as every build writer): an editor form loaded before the restore must not save
      // the substitute back unnoticed. No build: it was deleted meanwhile, and its records with it.
      if (!(await bumpBuildVersion(trx, found.build_id, clock))) throw notFound(REPLACEMENT_NOT_FOUND);
      if (!(await repo.closeReplacement(trx, replacementId, timestamp))) throw new AppError('CONFLICT', ALREADY_RESTORED);
      const record = (await repo.findReplacementById(trx, replacementId))!;
      const original = {
        type: record.original_type,
        name: record.original_name,
        brand: record.original_brand,
        model: record.original_model,
        specs: record.original_specs,
        asin: record.original_asin,
        amazon_link: record.original_link,
        price_cents: record.original_price_cents,
        ...(await restoredPriceMeta(trx, record)),
        // Unknown until the next check: what we knew was about the substitute.
        availability: null,
        availability_checked_at: null,
        // The original's image comes back with the next price refresh; the substitute's would mislead.
        image_url: null,
        image_checked_at: null,
        attribute_overrides: record.original_attribute_overrides,
        is_replaced: 0,
        replacement_reason: null,
        updated_at: timestamp,
      };
      const current = record.component_id === null ? undefined : await repo.findComponentById(trx, record.component_id);
      let componentId: number;
      if (current && current.build_id === record.build_id) {
        await repo.updateComponent(trx, current.id, original);
        componentId = current.id;
      } else {
        componentId = await repo.insertComponent(trx, { ...original, build_id: record.build_id, position: record.original_position, created_at: timestamp });
      }
      await recordRevision(trx, record.build_id, REVISION_REASONS.replacementRestored, SYSTEM_AUTHOR, timestamp);
      return (await repo.findComponentById(trx, componentId))!;
    });
    await deps.events.emitChange();
    return { ok: true, component: toComponentAdmin(component) };
  }

  return { runSmartReplacement, runScheduledReplacements, listReplacements, restore };
}

export type ReplacementsService = ReturnType<typeof createReplacementsService>;

/**
 * Counts the visits of build pages (decision 025): the one place that decides (visit-rules.ts) and
 * records them.
 *
 * - A visitor is the client's address key (common/address-key.ts: an IPv4 address, an IPv6 /64),
 *   whatever its User-Agent: a reader counts once per build and 30 minutes.
 * - Visits are noted in memory and written every FLUSH_INTERVAL_MS (and at shutdown, flush()): per build,
 *   one transaction that claims the batch's visitors (keyed counters, at most one per half hour) and adds those that were new to
 *   the build's total and to its day. A flood of requests costs one write per build and interval per
 *   process, however many requests it has.
 * - The claim is what makes the 30 minutes hold across processes and instances: the visitor's row is
 *   inserted with ON CONFLICT, and only the writer that inserts it (or takes over an expired one) counts
 *   it. Rows hold an HMAC of (build, address key) under the click analytics' random key of the day,
 *   never the address, and are deleted once expired.
 * - The same answer tells which swaps and owned parts the visitor chose (decision 030): the
 *   personalisation service reads them, typed, from its query; each choice is a visitor's "what" claimed
 *   like a visit, keyed by (build, address key, choice), so a reader counts once per build, choice and 30
 *   minutes; a visitor with at least one valid new choice claims the build's "personalised visit" the same
 *   way. The service checks the choices against the build when they are written (with the batch), so a
 *   made-up URL counts nothing; counted-choices.ts says what each one counts under.
 * - Memory is bounded: the visitors of the last 30 minutes this process has already noted are kept (as a
 *   hash under a key of this process) to spare the database their repeats, up to MAX_RECENT; new
 *   visitors waiting for the next write are capped at MAX_PENDING: past it, a flood's further readers are
 *   not counted until that write (the interval holds however fast they come).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressKey } from '../../common/address-key';
import { describeErrorForLog } from '../../common/log-text';
import { romeDay } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import type { PersonalizationService, VisitorChoice } from '../personalization';
import { hitAll, prune } from '../keyed-counters';
import * as choicesRepo from './choices.repository';
import { claimTextOf, type CountedChoice, countedChoiceOf } from './counted-choices';
import { type AnsweredRequest, visitedBuild } from './visit-rules';
import * as repo from './visits.repository';

/** A visitor counts once per build within this window. */
const VISIT_WINDOW_MS = 30 * 60_000;
/** The prefix of a visit's (or a choice's) key among the keyed counters (modules/keyed-counters). */
const VISIT_KEY_PREFIX = 'visit:';
/** How long visits wait in memory before they are written. */
export const FLUSH_INTERVAL_MS = 5_000;
/** This process's memory of the visitors it has noted in the window (older ones out first). */
const MAX_RECENT = 50_000;
/** Visitors waiting for a write, at most (about 100 bytes each): 10,000 new readers a second per process. */
const MAX_PENDING = 50_000;
/** Expired visitor rows are deleted at most this often by each process (and hourly by the housekeeping). */
const PURGE_INTERVAL_MS = 60_000;

export interface VisitCounterDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The HMAC key of a day, shared by every process and instance (the click analytics' day key). */
  secretOf: (day: string) => Promise<string>;
  /** Reads a visit's choices from its query and checks them against the build (decision 030). */
  personalization: Pick<PersonalizationService, 'choicesIn' | 'acceptedChoices'>;
}

/** A choice's claim text (counted-choices.ts): one per distinct choice of a build. */
type ChoiceNote = string;

/** What a batch holds of one build: its new visitors, and each visitor's new choices by claim text. */
interface PendingBuild {
  visitors: Set<string>;
  choices: Map<string, Map<ChoiceNote, VisitorChoice>>;
}

/** The part of a visitor's claim key after build and visitor: none for the visit itself (its key is older than choices). */
const PERSONALIZED = 'personalizzata';
const claimText = (slug: string, visitor: string, what?: string) => (what === undefined ? `${slug}\n${visitor}` : `${slug}\n${visitor}\n${what}`);

export function createVisitCounter({ db, clock, secretOf, personalization }: VisitCounterDeps) {
  const processKey = randomBytes(32);
  /** Visitors noted in the window by this process: hash → when their window ends (ms). */
  const recent = new Map<string, number>();
  /** Visitors and choices noted since the last write, by slug. */
  let pending = new Map<string, PendingBuild>();
  let pendingCount = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let lastPurgeAt = 0;

  function remember(hash: string, now: number): boolean {
    const until = recent.get(hash);
    if (until !== undefined && until > now) return false;
    recent.delete(hash); // re-inserted at the end: Map order doubles as the age order
    recent.set(hash, now + VISIT_WINDOW_MS);
    if (recent.size > MAX_RECENT) recent.delete(recent.keys().next().value!);
    return true;
  }

  /** Whether this process has not noted `what` of the visitor in the window (and notes it now). */
  function isNew(slug: string, visitor: string, what: string | undefined, now: number): boolean {
    return remember(createHmac('sha256', processKey).update(claimText(slug, visitor, what)).digest('base64url'), now);
  }

  function pendingOf(slug: string): PendingBuild {
    let build = pending.get(slug);
    if (!build) pending.set(slug, (build = { visitors: new Set(), choices: new Map() }));
    return build;
  }

  /**
   * Notes the answer when it is a visit of a build page (visit-rules.ts) by a visitor not noted in the
   * window, and the choices its query makes that this visitor has not made in the window. Never waits for
   * the database. Returns whether the visit was noted.
   */
  function note(request: AnsweredRequest): boolean {
    const slug = visitedBuild(request);
    if (slug === null) return false;
    const visitor = addressKey(request.clientAddress);
    const now = clock.now().getTime();
    let noted = false;
    if (pendingCount < MAX_PENDING && isNew(slug, visitor, undefined, now)) {
      const visitors = pendingOf(slug).visitors;
      if (!visitors.has(visitor)) pendingCount++;
      visitors.add(visitor);
      noted = true;
    }
    for (const choice of personalization.choicesIn(request.query ?? '')) {
      const what = claimTextOf(choice);
      if (pendingCount >= MAX_PENDING || !isNew(slug, visitor, what, now)) continue;
      const choices = pendingOf(slug).choices;
      let chosen = choices.get(visitor);
      if (!chosen) choices.set(visitor, (chosen = new Map<ChoiceNote, VisitorChoice>()));
      if (!chosen.has(what)) pendingCount++;
      chosen.set(what, choice);
    }
    if (pending.size > 0) timer ??= setTimeout(() => void flush(), FLUSH_INTERVAL_MS).unref();
    return noted;
  }

  /** Writes the visits noted so far (and waits for a write already running). Never rejects. */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (writing) await writing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    pendingCount = 0;
    writing = write(batch)
      .catch((error: unknown) => console.error(`[visite] scrittura delle visite non riuscita: ${describeErrorForLog(error)}`))
      .finally(() => (writing = null));
    await writing;
  }

  async function write(batch: Map<string, PendingBuild>): Promise<void> {
    const at = clock.now();
    const now = at.toISOString();
    const day = romeDay(at);
    const secret = await secretOf(day);
    const keyOf = (slug: string, visitor: string, what?: string) => `${VISIT_KEY_PREFIX}${createHmac('sha256', secret).update(claimText(slug, visitor, what)).digest('base64url')}`;
    const window = { now, startedAfter: new Date(at.getTime() - VISIT_WINDOW_MS).toISOString(), max: 1 };
    for (const [slug, noted] of batch) {
      const visitKeys = [...noted.visitors].map((visitor) => keyOf(slug, visitor));
      // Checked before the transaction: the alternatives are read through their own module, which must not
      // wait for a connection this transaction holds (SQLite has one).
      const choices = noted.choices.size > 0 ? await checkedChoices(slug, noted.choices, now) : new Map<ChoiceNote, CountedChoice>();
      const personalizedKeys: string[] = [];
      const choiceKeys = new Map<string, ChoiceNote>();
      for (const [visitor, notes] of noted.choices) {
        const counted = [...notes.keys()].filter((choice) => choices.has(choice));
        if (counted.length === 0) continue;
        personalizedKeys.push(keyOf(slug, visitor, PERSONALIZED));
        for (const choice of counted) choiceKeys.set(keyOf(slug, visitor, choice), choice);
      }
      if (visitKeys.length === 0 && personalizedKeys.length === 0) continue;
      // The claims and every count in one transaction: the day's views always add up to the total's growth,
      // and a failed write neither counts nor claims. It awaits only its own statements.
      await db.transaction().execute(async (trx) => {
        const buildId = await repo.findPublicBuildId(trx, slug, now);
        if (buildId === null) return;
        const claimed = await hitAll(trx, [...visitKeys, ...personalizedKeys, ...choiceKeys.keys()], window);
        const views = visitKeys.filter((key) => claimed.has(key)).length;
        const personalized = personalizedKeys.filter((key) => claimed.has(key)).length;
        if (views > 0) await repo.addBuildViews(trx, buildId, views);
        if (views > 0 || personalized > 0) await repo.addDayViews(trx, buildId, day, views, personalized);
        const counts = new Map<ChoiceNote, number>();
        for (const [key, choice] of choiceKeys) if (claimed.has(key)) counts.set(choice, (counts.get(choice) ?? 0) + 1);
        if (counts.size === 0) return;
        const present = await choicesRepo.existingComponentIds(trx, buildId, [...new Set([...counts.keys()].map((choice) => choices.get(choice)!.componentId))]);
        const rows = [...counts]
          .map(([choice, count]) => ({ ...choices.get(choice)!, count }))
          .filter((row) => present.has(row.componentId));
        await choicesRepo.addChoices(trx, buildId, day, rows);
      });
    }
    if (at.getTime() - lastPurgeAt >= PURGE_INTERVAL_MS) {
      lastPurgeAt = at.getTime();
      await purgeExpired();
    }
  }

  /** The batch's choices of the build `slug` that the build accepts (the personalisation service's check), with what each counts under. */
  async function checkedChoices(slug: string, byVisitor: Map<string, Map<ChoiceNote, VisitorChoice>>, now: string): Promise<Map<ChoiceNote, CountedChoice>> {
    const components = await choicesRepo.findPublicBuildComponents(db, slug, now);
    if (components === null) return new Map();
    const distinct = new Map<ChoiceNote, VisitorChoice>();
    for (const chosen of byVisitor.values()) for (const [note, choice] of chosen) distinct.set(note, choice);
    const accepted = await personalization.acceptedChoices(components, [...distinct.values()]);
    const byId = new Map(components.map((component) => [component.id, component]));
    const counted = new Map<ChoiceNote, CountedChoice>();
    for (const [note, choice] of distinct) {
      const valid = accepted.get(choice);
      if (valid) counted.set(note, countedChoiceOf(valid, byId.get(valid.componentId)!));
    }
    return counted;
  }

  /** Deletes the visitor rows whose window is over. Returns the rows deleted. */
  function purgeExpired(): Promise<number> {
    return prune(db, VISIT_KEY_PREFIX, new Date(clock.now().getTime() - VISIT_WINDOW_MS).toISOString());
  }

  return { note, flush, purgeExpired };
}

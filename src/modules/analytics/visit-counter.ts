/**
 * Counts the visits of build pages (decision 025): the one place that decides (visit-rules.ts) and
 * records them.
 *
 * - A visitor is the client's address key (common/address-key.ts: an IPv4 address, an IPv6 /64),
 *   whatever its User-Agent: a reader counts once per build and 30 minutes.
 * - Visits are noted in memory and written every FLUSH_INTERVAL_MS (and at shutdown, flush()): per build,
 *   one transaction that claims the batch's visitors in `visit_dedupe` and adds those that were new to
 *   the build's total and to its day. A flood of requests costs one write per build and interval per
 *   process, however many requests it has.
 * - The claim is what makes the 30 minutes hold across processes and instances: the visitor's row is
 *   inserted with ON CONFLICT, and only the writer that inserts it (or takes over an expired one) counts
 *   it. Rows hold an HMAC of (build, address key) under the click analytics' random key of the day,
 *   never the address, and are deleted once expired.
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
import { type AnsweredRequest, visitedBuild } from './visit-rules';
import * as repo from './visits.repository';

/** A visitor counts once per build within this window. */
const VISIT_WINDOW_MS = 30 * 60_000;
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
}

export function createVisitCounter({ db, clock, secretOf }: VisitCounterDeps) {
  const processKey = randomBytes(32);
  /** Visitors noted in the window by this process: hash → when their window ends (ms). */
  const recent = new Map<string, number>();
  /** Visitors noted since the last write: slug → address keys. */
  let pending = new Map<string, Set<string>>();
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

  /**
   * Notes the answer when it is a visit of a build page (visit-rules.ts) by a visitor not noted in the
   * window. Never waits for the database. Returns whether it was noted.
   */
  function note(request: AnsweredRequest): boolean {
    const slug = visitedBuild(request);
    if (slug === null) return false;
    if (pendingCount >= MAX_PENDING) return false;
    const visitor = addressKey(request.clientAddress);
    const hash = createHmac('sha256', processKey).update(`${slug}\n${visitor}`).digest('base64url');
    if (!remember(hash, clock.now().getTime())) return false;
    let visitors = pending.get(slug);
    if (!visitors) pending.set(slug, (visitors = new Set()));
    if (!visitors.has(visitor)) pendingCount++;
    visitors.add(visitor);
    timer ??= setTimeout(() => void flush(), FLUSH_INTERVAL_MS).unref();
    return true;
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

  async function write(batch: Map<string, Set<string>>): Promise<void> {
    const at = clock.now();
    const now = at.toISOString();
    const day = romeDay(at);
    const secret = await secretOf(day);
    const expiresAt = new Date(at.getTime() + VISIT_WINDOW_MS).toISOString();
    for (const [slug, visitors] of batch) {
      const keys = [...visitors].map((visitor) => createHmac('sha256', secret).update(`${slug}\n${visitor}`).digest('base64url'));
      // The claim and both counts in one transaction: the day's views always add up to the total's growth,
      // and a failed write neither counts nor claims. It awaits only its own statements.
      await db.transaction().execute(async (trx) => {
        const buildId = await repo.findPublicBuildId(trx, slug, now);
        if (buildId === null) return;
        const counted = await repo.claimVisitors(trx, keys, now, expiresAt);
        if (counted === 0) return;
        await repo.addBuildViews(trx, buildId, counted);
        await repo.addDayViews(trx, buildId, day, counted);
      });
    }
    if (at.getTime() - lastPurgeAt >= PURGE_INTERVAL_MS) {
      lastPurgeAt = at.getTime();
      await purgeExpired();
    }
  }

  /** Deletes the visitor rows whose window is over. Returns the rows deleted. */
  function purgeExpired(): Promise<number> {
    return repo.purgeVisitors(db, clock.now().toISOString());
  }

  return { note, flush, purgeExpired };
}

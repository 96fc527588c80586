/**
 * Click analytics without cookies or personal data: which builds and which links earn.
 *
 * - Views per build and Europe/Rome day are counted with the build's total, by the visit counter
 *   (visit-counter.ts, decision 025), which shares the day's key below.
 * - Clicks arrive as beacons from the public pages (POST /api/events/click). Bots and beacons naming no
 *   published build or no linked component of it are ignored. A repeated click on one link from one
 *   address (an IPv6 address: its /64, common/address-key.ts) within a minute counts once: the address is
 *   used only for that, as an HMAC of (address key, build, link) under a random key of the day that every
 *   process and instance shares through the database. The hash lives a minute, the key a day; neither lets
 *   the address be read back once deleted, and the address itself is never stored.
 * - Each count is one upsert, so parallel clicks on any number of processes and instances add up exactly.
 *   The claim of a click and its counts are separate statements (see recordClick).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { addressKey } from '../../common/address-key';
import { isValidAsin } from '../../common/asin';
import type { Kysely } from 'kysely';
import { notFound } from '../../common/errors';
import { addDays, daysEndingOn, romeDay } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import { hit, prune } from '../keyed-counters';
import type { DataDeps } from '../data-deps';
import type { PersonalizationService } from '../personalization';
import type { AnalyticsOverview, BuildAnalytics, BuildAnalyticsRow, ClickBeacon } from './analytics.schema';
import * as repo from './analytics.repository';
import * as choicesRepo from './choices.repository';
import { topBuildChoices, topChoices } from './choice-totals';
import { createVisitCounter } from './visit-counter';

/** A click on the same link from the same address within this window counts once. */
const CLICK_DEDUPE_WINDOW_MS = 60_000;
/** The prefix of a click's key among the keyed counters (modules/keyed-counters). */
const CLICK_KEY_PREFIX = 'click:';
/** Each process deletes expired de-duplication rows at most this often while clicks arrive (housekeeping does it hourly anyway). */
const PURGE_INTERVAL_MS = 60_000;
/** Components listed by the overview. */
const TOP_COMPONENTS = 10;
/** Visitors' choices listed: per build, and across builds by the overview. */
const TOP_BUILD_CHOICES = 10;
const TOP_OVERVIEW_CHOICES = 5;

/** What the click counter needs to know of the sender. */
export interface ClickSender {
  ip: string;
  userAgent: string | null;
}

/**
 * Keeps a build's views and clicks when it is deleted (decision 027): call it in the delete's transaction,
 * before the delete. A plain function for the builds service's transaction (decision 011).
 */
export async function keepAnalyticsOfDeletedBuild(trx: Kysely<Database>, build: { id: number; slug: string; title: string }, at: Date): Promise<void> {
  await repo.keepDeletedBuildCounts(trx, build, at.toISOString());
}

/** For the restore's transaction: gives the click rows of an archive older than migration 0015 their product. */
export async function fillRestoredClickProducts(trx: Kysely<Database>): Promise<number> {
  return repo.fillClickProducts(trx);
}

const clickRate = (clicks: number, views: number) => (views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : 0);

/** The window of `days` Europe/Rome days that ends today. */
function windowOf(now: Date, days: number): { from: string; to: string } {
  const to = romeDay(now);
  return { from: addDays(to, 1 - days), to };
}

function toBuildRow(totals: repo.BuildTotals): BuildAnalyticsRow {
  const clicks = totals.componentClicks + totals.cartClicks;
  return {
    id: totals.id,
    slug: totals.slug,
    title: totals.title,
    views: totals.views,
    clicks,
    cart_clicks: totals.cartClicks,
    click_rate: clickRate(clicks, totals.views),
    personalized_views: totals.personalizedViews,
    deleted: totals.deleted,
  };
}

/**
 * The same product may be in several builds, deleted ones included: the overview adds up its clicks by
 * product (the ASIN, else the link), named as it was most clicked.
 */
function topProducts(clicked: repo.ProductClicks[], limit: number): AnalyticsOverview['components'] {
  const products = new Map<string, { asin: string | null; name: string; clicks: number; best: number }>();
  for (const row of clicked) {
    const product = products.get(row.product) ?? { asin: isValidAsin(row.product) ? row.product : null, name: row.name, clicks: 0, best: -1 };
    product.clicks += row.clicks;
    if (row.clicks > product.best) Object.assign(product, { name: row.name, best: row.clicks });
    products.set(row.product, product);
  }
  return [...products.values()]
    .sort((a, b) => b.clicks - a.clicks || a.name.localeCompare(b.name, 'it'))
    .slice(0, limit)
    .map(({ asin, name, clicks }) => ({ asin, name, clicks }));
}

export interface AnalyticsDeps extends DataDeps {
  /** A visitor's choices, typed and checked against the build: what a swapped part's click and a visitor's swap must be (decision 030). */
  personalization: Pick<PersonalizationService, 'choicesIn' | 'acceptedChoices' | 'offeredAlternative'>;
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db, clock, personalization } = deps;
  /** This process's copy of the day's HMAC key (the database holds the one every process uses). */
  let dayKey: { day: string; secret: string } | null = null;
  let lastPurgeAt = 0;

  async function secretOf(day: string): Promise<string> {
    if (dayKey?.day === day) return dayKey.secret;
    const secret = await repo.ensureDedupeSecret(db, day, randomBytes(32).toString('base64url'), clock.now().toISOString());
    dayKey = { day, secret };
    return secret;
  }

  const visits = createVisitCounter({ db, clock, secretOf, personalization });

  /**
   * What a beacon's click counts under: the cart link; a component's own link (its product); or, with
   * `asin`, the link of the curated alternative the visitor swapped the component for (that ASIN and the
   * alternative's name). Null for anything else: an unknown build or component, a component without a
   * link, an ASIN the author did not curate for that component.
   */
  async function clickTargetOf(beacon: ClickBeacon, now: string): Promise<repo.ClickTarget | repo.ComponentTarget | null> {
    if (!('component_id' in beacon)) return repo.findPublicBuildTarget(db, beacon.build, now);
    const component = await repo.findClickedComponent(db, beacon.build, beacon.component_id, now);
    if (!component) return null;
    const { buildId, componentId } = component;
    if (beacon.asin === undefined) {
      if (component.amazonLink === null) return null;
      return { buildId, componentId, product: repo.productOf({ asin: component.asin, amazon_link: component.amazonLink })!, name: component.name };
    }
    // Only an alternative the page offers for the component (curated, priced, not unavailable): the only swaps a visitor can make.
    const chosen = await personalization.offeredAlternative(component, beacon.asin);
    return chosen ? { buildId, componentId, product: chosen.asin, name: chosen.name } : null;
  }

  /**
   * Counts a click beacon when it is a real, new click. Returns whether it counted; ignoring is not an
   * error (the page never learns the outcome, and a bot gets nothing to learn from).
   */
  async function recordClick(beacon: ClickBeacon, sender: ClickSender): Promise<boolean> {
    if (!sender.userAgent || isbot(sender.userAgent)) return false;
    const now = clock.now();
    const target = await clickTargetOf(beacon, now.toISOString());
    if (!target) return false;
    const day = romeDay(now);
    // An alternative's link is a link of its own: clicking the original part and then the swap counts both.
    const link = target.componentId === null ? 'cart' : 'asin' in beacon && beacon.asin !== undefined ? `component:${target.componentId}:${beacon.asin}` : `component:${target.componentId}`;
    // Per addressKey: an IPv6 client repeats from anywhere in its /64 as one address (decision 020).
    const key = createHmac('sha256', await secretOf(day)).update(`${addressKey(sender.ip)}\n${target.buildId}\n${link}`).digest('base64url');
    // Single statements, no transaction held across an await (as the login throttle): a public endpoint
    // anybody can call never waits on, nor blocks, a SQLite write lock held by other work. A failure
    // between the claim and the count loses that one click; none is ever counted twice.
    const windowStart = new Date(now.getTime() - CLICK_DEDUPE_WINDOW_MS).toISOString();
    const counted = (await hit(db, `${CLICK_KEY_PREFIX}${key}`, { now: now.toISOString(), startedAfter: windowStart, max: 1 })) !== null;
    if (counted) await repo.addClick(db, target, day);
    if (now.getTime() - lastPurgeAt >= PURGE_INTERVAL_MS) {
      lastPurgeAt = now.getTime();
      await purgeExpired();
    }
    return counted;
  }

  /** Deletes the click hashes older than the window, the keys of past days and the expired visitors. Returns the rows deleted. */
  async function purgeExpired(): Promise<number> {
    const now = clock.now();
    const clicks = (await prune(db, CLICK_KEY_PREFIX, new Date(now.getTime() - CLICK_DEDUPE_WINDOW_MS).toISOString())) + (await repo.purgeDedupeKeys(db, romeDay(now)));
    return clicks + (await visits.purgeExpired());
  }

  /** Every published build (and any other counted in the window), most clicked first; the most clicked products. */
  async function overview(days: number): Promise<AnalyticsOverview> {
    const now = clock.now();
    const { from, to } = windowOf(now, days);
    const [totals, components, chosen] = await Promise.all([
      repo.sumBuilds(db, from, to, now.toISOString()),
      repo.sumProductClicks(db, from, to),
      choicesRepo.sumAllChoices(db, from, to),
    ]);
    const builds = totals.map(toBuildRow).sort((a, b) => b.clicks - a.clicks || b.views - a.views || a.id - b.id);
    return { from, to, builds, components: topProducts(components, TOP_COMPONENTS), choices: topBuildChoices(chosen, totals, TOP_OVERVIEW_CHOICES) };
  }

  /** One build's window: totals, every day (zeros included) and each of its components. */
  async function forBuild(buildId: number, days: number): Promise<BuildAnalytics> {
    if (!(await repo.buildExists(db, buildId))) throw notFound('Build non trovata');
    const { from, to } = windowOf(clock.now(), days);
    const [counted, clicked, components, chosen] = await Promise.all([
      repo.listBuildDays(db, buildId, from, to),
      repo.sumProductClicks(db, from, to, buildId),
      repo.listBuildComponents(db, buildId),
      choicesRepo.sumBuildChoices(db, buildId, from, to),
    ]);
    const byDay = new Map(counted.map((row) => [row.day, row]));
    const daily = daysEndingOn(to, days).map((day) => {
      const row = byDay.get(day);
      return { day, views: row?.views ?? 0, clicks: row ? row.componentClicks + row.cartClicks : 0 };
    });
    const views = counted.reduce((sum, row) => sum + row.views, 0);
    const clicks = counted.reduce((sum, row) => sum + row.componentClicks + row.cartClicks, 0);
    const cartClicks = counted.reduce((sum, row) => sum + row.cartClicks, 0);
    // A product's clicks go to the first of the build's components that is that product (removed and
    // restored components included: decision 027); a product no longer in the build stays in the totals.
    const clicksOf = new Map<string, number>();
    for (const row of clicked) clicksOf.set(row.product, (clicksOf.get(row.product) ?? 0) + row.clicks);
    return {
      from,
      to,
      views,
      clicks,
      cart_clicks: cartClicks,
      click_rate: clickRate(clicks, views),
      days: daily,
      components: components
        .map((component) => {
          const product = repo.productOf(component);
          const clicks = product === null ? 0 : (clicksOf.get(product) ?? 0);
          if (product !== null) clicksOf.delete(product);
          return { id: component.id, asin: component.asin, name: component.name, clicks };
        })
        .sort((a, b) => b.clicks - a.clicks),
      personalized_views: counted.reduce((sum, row) => sum + row.personalizedViews, 0),
      choices: topChoices(chosen, TOP_BUILD_CHOICES),
    };
  }

  return {
    recordClick,
    /** Notes a public answer when it is a visit of a build page; written within seconds (visit-counter.ts). */
    noteVisit: visits.note,
    /** Writes the visits noted so far: at shutdown, and in tests. */
    flushVisits: visits.flush,
    purgeExpired,
    overview,
    forBuild,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

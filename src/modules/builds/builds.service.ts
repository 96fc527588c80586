/** Rules for builds: public views, admin CRUD, slugs, publishing and component saving by id. */
import type { Kysely } from 'kysely';
import { isAmazonLink } from '../../common/amazon-hosts';
import { buildCartUrl, extractAsin, isValidAsin, withAffiliateTag } from '../../common/asin';
import { componentTypeRank } from '../../common/catalog';
import { AppError, notFound } from '../../common/errors';
import { renderMarkdown } from '../../common/markdown';
import { centsToEuro, euroToCents } from '../../common/money';
import { freshRetailerImage } from '../../common/price-freshness';
import { parseStoredOverrides, serializeOverrides } from '../../common/compatibility/overrides';
import { isSlug, slugify } from '../../common/slug';
import { isUniqueViolation } from '../../db/errors';
import type { BuildRow, ComponentRow, ComponentUpdate, Database, NewComponentRow } from '../../db/schema';
import type { Clock } from '../clock';
import type { DataDeps } from '../data-deps';
import type { ContentEvents } from '../content-events';
import * as repo from './builds.repository';
import { compatibilityOfRows, publicCompatibilityOfRows } from './compatibility';
import { recordRevision, REVISION_REASONS, SYSTEM_AUTHOR } from './revisions.service';
import { type BuildInput, type ComponentInput, PUBLISH_AT_IN_PAST_MESSAGE, type PublicListQuery } from './builds.schema';
import type {
  BuildAdmin,
  BuildAdminRow,
  BuildListRow,
  BuildPublic,
  BuildStats,
  BuildSummary,
  CartExclusion,
  CompatibilityResponse,
  ComponentAdmin,
  ComponentPublic,
} from './builds.types';

const BUILD_NOT_FOUND = 'La build richiesta non esiste.';
/** Far above any real contention (each round of a slug race lets at least one create through). */
const MAX_SLUG_ATTEMPTS = 200;
const ADMIN_NOT_FOUND = 'Build non trovata';
export const BUILD_CHANGED_MESSAGE = "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale.";
const UNAVAILABLE = new Set(['OUT_OF_STOCK', 'UNAVAILABLE']);
/** The Omnibus window (D.Lgs 26/2023): a "was" price is the lowest of the previous 30 days. */
export const LOWEST_PRICE_WINDOW_MS = 30 * 86_400_000;

export interface PublishedPageQuery {
  category?: string | null;
  /** Euro, inclusive. */
  minBudget?: number;
  maxBudget?: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface BuildsDeps extends DataDeps {
  defaultAffiliateTag: string;
  events: ContentEvents;
  /**
   * In the delete's transaction, before the delete: keeps the build's views and clicks under its title
   * (analytics.service keepAnalyticsOfDeletedBuild, decision 027).
   */
  keepDeletedAnalytics: (trx: Kysely<Database>, build: BuildRow, at: Date) => Promise<void>;
}

function toSummary(row: repo.BuildWithTotals): BuildSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    featured_image: row.featured_image,
    category: row.category,
    budget: centsToEuro(row.budget_cents),
    views: Number(row.views),
    published_at: row.published_at,
    total_price: centsToEuro(row.total_cents) ?? 0,
    component_count: row.component_count,
  };
}

/** What another module needs of a build's components to draw their price history. */
export interface ComponentPriceRef {
  id: number;
  asin: string | null;
  /** The price the build shows now (manual or the retailer's), in cents. */
  priceCents: number | null;
}

function toComponentPublic(row: repo.ComponentWithLowest, tag: string): ComponentPublic {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    specs: row.specs,
    price: centsToEuro(row.price_cents),
    amazon_link: withAffiliateTag(row.amazon_link, tag),
    asin: row.asin,
    position: row.position,
    is_replaced: row.is_replaced ? 1 : 0,
    replacement_reason: row.replacement_reason,
    price_updated_at: row.price_updated_at,
    availability: row.availability,
    image_url: row.image_url,
    lowest_price_30d: centsToEuro(row.lowest_price_cents),
  };
}

/** The admin component shape: the link as stored (the author edits it), without our tag. */
export function toComponentAdmin(row: ComponentRow | repo.ComponentWithLowest): ComponentAdmin {
  return {
    ...toComponentPublic({ lowest_price_cents: null, ...row }, ''),
    amazon_link: row.amazon_link, // the author edits the link as typed, without our tag
    build_id: row.build_id,
    attribute_overrides: parseStoredOverrides(row.attribute_overrides),
    brand: row.brand,
    model: row.model,
    tier: row.tier,
    price_source: row.price_source,
    availability_checked_at: row.availability_checked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toAdminRow(row: BuildRow): BuildAdminRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    budget: centsToEuro(row.budget_cents),
    status: row.status,
    views: Number(row.views),
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
    publish_at: row.publish_at ?? null,
  };
}

/** Whether visitors may see the build at `now`: published, or scheduled and due (as db/public-builds.ts). */
function isPublicAt(row: BuildRow, now: Date): boolean {
  return row.status === 'published' || (row.status === 'scheduled' && row.publish_at !== null && row.publish_at <= now.toISOString());
}

/**
 * A scheduled save needs a `publish_at` still to come; the other statuses store none. Checked against the
 * service's clock (the same one the public queries compare with).
 */
function publishAtFor(input: BuildInput, now: Date): string | null {
  if (input.status !== 'scheduled') return null;
  if (input.publish_at === undefined || input.publish_at <= now.toISOString()) {
    throw new AppError('VALIDATION_ERROR', PUBLISH_AT_IN_PAST_MESSAGE, { fields: { publish_at: PUBLISH_AT_IN_PAST_MESSAGE } });
  }
  return input.publish_at;
}

function sumCents(components: ComponentRow[]): number {
  return components.reduce((total, c) => total + (c.price_cents ?? 0), 0);
}

/**
 * Cart link of the components Amazon can take, and which ones were left out and why. A component whose
 * link goes elsewhere than Amazon (amazon-hosts.ts) is an ordinary external product, whatever ASIN it
 * carries (one stored before the host list, say): it stays out of the cart.
 */
export function planCart(components: ComponentRow[], tag: string): { url: string | null; excluded: CartExclusion[] } {
  const asins: string[] = [];
  const excluded: CartExclusion[] = [];
  for (const c of components) {
    if (c.amazon_link && !isAmazonLink(c.amazon_link)) excluded.push({ id: c.id, name: c.name, reason: 'external_link' });
    else if (!c.asin || !isValidAsin(c.asin)) excluded.push({ id: c.id, name: c.name, reason: 'missing_asin' });
    else if (c.availability && UNAVAILABLE.has(c.availability)) excluded.push({ id: c.id, name: c.name, reason: 'unavailable' });
    else asins.push(c.asin);
  }
  return { url: buildCartUrl(asins, tag), excluded };
}

function oldestPriceDate(components: ComponentRow[]): string | null {
  const dates = components.filter((c) => c.price_cents !== null && c.price_updated_at).map((c) => c.price_updated_at!);
  return dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null;
}

function byDisplayOrder(a: ComponentRow, b: ComponentRow): number {
  return componentTypeRank(a.type) - componentTypeRank(b.type) || a.position - b.position || a.id - b.id;
}

/**
 * The version a write gives a build: now, but always at least 1 ms after the previous one, so two writes
 * in the same millisecond (or after the clock stepped back) never share a version and a form loaded
 * between them cannot pass for current.
 */
export function nextBuildVersion(now: Date, previous: string): string {
  const afterPrevious = Date.parse(previous) + 1;
  return new Date(Number.isNaN(afterPrevious) ? now.getTime() : Math.max(now.getTime(), afterPrevious)).toISOString();
}

/**
 * Locks these builds in the caller's transaction, one by one in id order, for a writer about to change
 * components of several builds (a price refresh): as every build writer locks build rows before
 * component rows, two writers never each hold a component row the other waits for.
 */
export async function lockBuilds(trx: Kysely<Database>, buildIds: readonly number[]): Promise<void> {
  for (const id of [...buildIds].sort((a, b) => a - b)) await repo.lockBuild(trx, id);
}

/**
 * For the writers other than the editor's save that change what the editor shows (smart replacement,
 * restore, a refreshed price): locks the build in the caller's transaction and gives it a new version,
 * so an editor form loaded before cannot save over the change unnoticed (decision 006). Call it before
 * touching the build's components: every build writer then locks the build row first, and they cannot
 * deadlock on each other's component rows. Returns false when there is no such build.
 */
export async function bumpBuildVersion(trx: Kysely<Database>, buildId: number, clock: Clock): Promise<boolean> {
  if (!(await repo.lockBuild(trx, buildId))) return false;
  const row = await repo.findBuildById(trx, buildId);
  await repo.updateBuild(trx, buildId, { updated_at: nextBuildVersion(clock.now(), row!.updated_at) });
  return true;
}

/**
 * Adds `count` counted visits to the build's total, in the visit counter's transaction with the day's
 * count (analytics/visit-counter.ts, decision 025: one module decides what a visit is).
 */
export async function addBuildViews(trx: Kysely<Database>, buildId: number, count: number): Promise<void> {
  await repo.addViews(trx, buildId, count);
}

export function createBuildsService(deps: BuildsDeps) {
  const { db, clock } = deps;
  // Rendered articles by build version: markdown is the costliest part of a build read.
  const articleCache = new Map<string, string>();
  function renderArticle(row: BuildRow, affiliateTag: string): string {
    const key = `${row.id}|${row.updated_at}|${affiliateTag}`;
    let html = articleCache.get(key);
    if (html === undefined) {
      html = renderMarkdown(row.content, { affiliateTag });
      if (articleCache.size >= 500) articleCache.delete(articleCache.keys().next().value!);
      articleCache.set(key, html);
    }
    return html;
  }

  function lowestPriceSince(): string {
    return new Date(clock.now().getTime() - LOWEST_PRICE_WINDOW_MS).toISOString();
  }

  /** The category and budget of a public query (euros) as the repository's filter (cents). */
  function publishedFilter(query: { category?: string | null; minBudget?: number; maxBudget?: number }) {
    return {
      now: clock.now().toISOString(),
      category: query.category ?? undefined,
      minBudgetCents: query.minBudget === undefined ? undefined : euroToCents(query.minBudget),
      maxBudgetCents: query.maxBudget === undefined ? undefined : euroToCents(query.maxBudget),
    };
  }

  async function listPublished(query: Partial<PublicListQuery> = {}): Promise<BuildSummary[]> {
    const rows = await repo.listPublishedBuilds(db, { ...publishedFilter(query), now: clock.now().toISOString(), q: query.q, limit: query.limit ?? 100, offset: query.offset ?? 0 });
    return rows.map(toSummary);
  }

  /**
   * One page of the published builds (the home page's grid) and how many the filter keeps in all, both
   * counted in SQL: a page costs the same whatever the size of the catalogue. `page` is 1-based; a page
   * past the last one gives no builds (the caller decides where to send the visitor).
   */
  async function listPublishedPage(query: PublishedPageQuery): Promise<{ builds: BuildSummary[]; total: number }> {
    if (!Number.isInteger(query.page) || query.page < 1 || !Number.isInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > 100) {
      throw new AppError('VALIDATION_ERROR', 'Pagina non valida: numero di pagina da 1 in su, da 1 a 100 build per pagina');
    }
    const filter = publishedFilter(query);
    const [rows, total] = await Promise.all([
      repo.listPublishedBuilds(db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      repo.countPublishedBuilds(db, filter),
    ]);
    return { builds: rows.map(toSummary), total };
  }

  /** A published build as visitors see it. */
  /**
   * No query for what no build can be called (slugs are slugify's, common/slug.ts): a path's text, U+0000
   * included (PostgreSQL cannot compare it), simply names no build.
   */
  async function findBySlug(slug: string): Promise<BuildRow | undefined> {
    return isSlug(slug) ? repo.findBuildBySlug(db, slug) : undefined;
  }

  async function getPublished(slug: string): Promise<BuildPublic> {
    const row = await findBySlug(slug);
    const now = clock.now();
    if (!row || !isPublicAt(row, now)) throw notFound(BUILD_NOT_FOUND);
    const components = (await repo.listComponentsWithLowestPrice(db, row.id, lowestPriceSince())).sort(byDisplayOrder);
    const tag = row.affiliate_tag || deps.defaultAffiliateTag;
    const cart = planCart(components, tag);
    const totalCents = sumCents(components);
    // A due scheduled build shows the date its publication job will store (db/public-builds.ts).
    // A due scheduled build: its first publication if it had one, else publish_at (as db/public-builds.ts publicPublishedAt).
    const publishedAt = row.status === 'scheduled' ? (row.published_at ?? row.publish_at) : row.published_at;
    return {
      ...toSummary({ ...row, published_at: publishedAt, total_cents: totalCents, component_count: components.length }),
      content: row.content,
      content_html: renderArticle(row, tag),
      meta_title: row.meta_title || row.title,
      meta_description: row.meta_description || row.description,
      affiliate_tag: tag,
      cart_url: cart.url,
      cart_excluded: cart.excluded,
      prices_updated_at: oldestPriceDate(components),
      compatibility: publicCompatibilityOfRows(components),
      components: components.map((c) => ({ ...toComponentPublic(c, tag), image_url: freshRetailerImage(c.image_url, c.image_checked_at, now.getTime()) })),
    };
  }

  async function listAdmin(): Promise<BuildListRow[]> {
    return (await repo.listAllBuilds(db)).map((row) => ({ ...toAdminRow(row), revision_count: row.revision_count }));
  }

  async function getAdmin(id: number, trx: Kysely<Database> = db): Promise<BuildAdmin> {
    const row = await repo.findBuildById(trx, id);
    if (!row) throw notFound(ADMIN_NOT_FOUND);
    const components = await repo.listComponentsWithLowestPrice(trx, id, lowestPriceSince());
    return {
      ...toAdminRow(row),
      content: row.content,
      featured_image: row.featured_image,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      affiliate_tag: row.affiliate_tag,
      total_price: centsToEuro(sumCents(components)) ?? 0,
      components: components.map(toComponentAdmin),
    };
  }

  /** GET /api/admin/builds/{id}/compatibility: the checks of the build as stored, whatever its status. */
  async function compatibility(id: number): Promise<CompatibilityResponse> {
    const row = await repo.findBuildById(db, id);
    if (!row) throw notFound(ADMIN_NOT_FOUND);
    return compatibilityOfRows(await repo.listComponents(db, id));
  }

  /** The first of `base`, `base-2`, `base-3`… that is neither stored nor in `avoid`. */
  async function nextFreeSlug(trx: Kysely<Database>, title: string, avoid: ReadonlySet<string>): Promise<string> {
    const base = slugify(title);
    const taken = new Set([...(await repo.findSlugsLike(trx, base)), ...avoid]);
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }

  function buildColumns(input: BuildInput) {
    return {
      title: input.title,
      description: input.description ?? '',
      content: input.content ?? '',
      featured_image: input.featured_image,
      category: input.category,
      budget_cents: input.budget,
      status: input.status,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      affiliate_tag: input.affiliate_tag,
    };
  }

  /** The columns an author edits, from the editor's input: written on insert, compared on update. */
  function componentColumns(input: ComponentInput, position: number) {
    return {
      type: input.type,
      name: input.name,
      brand: input.brand,
      model: input.model,
      specs: input.specs,
      price_cents: input.price,
      amazon_link: input.amazon_link,
      asin: input.asin ?? extractAsin(input.amazon_link),
      position,
    };
  }

  function newComponentRow(buildId: number, input: ComponentInput, position: number, now: string): NewComponentRow {
    return {
      build_id: buildId,
      ...componentColumns(input, position),
      image_url: input.image_url ?? null,
      // The editor's image comes from the retailer's answer the author just chose (search, lookup, import).
      image_checked_at: input.image_url ? now : null,
      attribute_overrides: serializeOverrides(input.attribute_overrides ?? {}),
      price_source: input.price === null ? null : 'manual',
      price_updated_at: input.price === null ? null : now,
      created_at: now,
      updated_at: now,
    };
  }

  /** Only the columns that changed, so unchanged components keep their timestamps and price metadata. */
  function componentChanges(existing: ComponentRow, input: ComponentInput, position: number, now: string): ComponentUpdate | null {
    const next = componentColumns(input, position);
    const changes: ComponentUpdate = {};
    for (const [key, value] of Object.entries(next) as [keyof typeof next, string | number | null][]) {
      if (existing[key] !== value) (changes as Record<string, unknown>)[key] = value;
    }
    // The image and the author's attributes describe the product: an editor that does not send them
    // (undefined) keeps the stored ones, unless the product changed.
    const sentOrKept = <T,>(sent: T | undefined, stored: T | null) => (sent !== undefined ? sent : 'asin' in changes ? null : stored);
    const imageUrl = sentOrKept(input.image_url, existing.image_url);
    if (imageUrl !== existing.image_url) {
      changes.image_url = imageUrl;
      changes.image_checked_at = imageUrl === null ? null : now;
    }
    const overrides = sentOrKept(input.attribute_overrides && serializeOverrides(input.attribute_overrides), existing.attribute_overrides);
    if (overrides !== existing.attribute_overrides) changes.attribute_overrides = overrides;
    if (Object.keys(changes).length === 0) return null;
    if ('price_cents' in changes) {
      // A price typed by the author is editorial and carries the date it was entered.
      changes.price_source = input.price === null ? null : 'manual';
      changes.price_updated_at = input.price === null ? null : now;
    }
    if ('asin' in changes) {
      // Another product: what we knew about the old one's availability no longer applies.
      changes.availability = null;
      changes.availability_checked_at = null;
    }
    changes.updated_at = now;
    return changes;
  }

  /** Inserts new components, updates changed ones by id and deletes the ones no longer listed. */
  async function saveComponents(trx: Kysely<Database>, buildId: number, inputs: ComponentInput[], now: string) {
    const existing = new Map((await repo.listComponents(trx, buildId)).map((c) => [c.id, c]));
    const keep = new Set<number>();
    const inserts: NewComponentRow[] = [];
    for (const [index, input] of inputs.entries()) {
      const position = input.position ?? index;
      if (input.id === undefined) {
        inserts.push(newComponentRow(buildId, input, position, now));
        continue;
      }
      const current = existing.get(input.id);
      if (!current || keep.has(input.id)) {
        throw new AppError('VALIDATION_ERROR', `Componente ${index + 1}: il componente ${input.id} non appartiene a questa build`, {
          fields: { [`components.${index}.id`]: 'Componente non trovato in questa build' },
        });
      }
      keep.add(input.id);
      const changes = componentChanges(current, input, position, now);
      if (changes) await repo.updateComponent(trx, input.id, changes);
    }
    await repo.deleteComponents(trx, [...existing.keys()].filter((id) => !keep.has(id)));
    await repo.insertComponents(trx, inserts);
  }

  async function create(input: BuildInput, author: string = SYSTEM_AUTHOR): Promise<BuildAdmin> {
    // Parallel creates with one title race for the same slug: on PostgreSQL a transaction cannot see
    // another's uncommitted row, so both pick it and the later insert fails on the unique index. Each
    // round at least one of them wins, so retrying (skipping the slugs seen taken) always ends; the
    // bound only turns a bug into an error instead of a loop.
    const collided = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      let slug = '';
      try {
        return await db.transaction().execute(async (trx) => {
          const at = clock.now();
          const now = at.toISOString();
          const publishAt = publishAtFor(input, at);
          slug = await nextFreeSlug(trx, input.title, collided);
          const id = await repo.insertBuild(trx, {
            ...buildColumns(input),
            publish_at: publishAt,
            slug,
            published_at: input.status === 'published' ? now : null,
            created_at: now,
            updated_at: now,
          });
          await saveComponents(trx, id, input.components, now);
          await recordRevision(trx, id, REVISION_REASONS.created, author, now);
          return getAdmin(id, trx);
        }).finally(() => deps.events.emitChange());
      } catch (error) {
        if (attempt < MAX_SLUG_ATTEMPTS && isUniqueViolation(error)) {
          collided.add(slug);
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * Saves the editor's form. With `expectedUpdatedAt` (the version the form was loaded at) the save is
   * conditional: a build changed since answers 409 and nothing is written.
   */
  async function update(id: number, input: BuildInput, expectedUpdatedAt?: string, author: string = SYSTEM_AUTHOR): Promise<BuildAdmin> {
    return db.transaction().execute(async (trx) => {
      // The check and the lock are one statement, before anything is read: a concurrent save, replacement
      // or restore of this build either committed before (the version no longer matches) or waits for us.
      if (!(await repo.lockBuild(trx, id, expectedUpdatedAt))) {
        if (expectedUpdatedAt !== undefined && (await repo.findBuildById(trx, id))) throw new AppError('CONFLICT', BUILD_CHANGED_MESSAGE);
        throw notFound(ADMIN_NOT_FOUND);
      }
      const existing = (await repo.findBuildById(trx, id))!;
      const at = clock.now();
      const now = at.toISOString();
      const publishAt = publishAtFor(input, at);
      await repo.updateBuild(trx, id, {
        ...buildColumns(input),
        publish_at: publishAt,
        // The slug stays stable so shared links keep working; published_at is set once, on first publish.
        published_at: existing.published_at ?? (input.status === 'published' ? now : null),
        updated_at: nextBuildVersion(at, existing.updated_at),
      });
      await saveComponents(trx, id, input.components, now);
      await recordRevision(trx, id, REVISION_REASONS.saved, author, now);
      return getAdmin(id, trx);
    }).finally(() => deps.events.emitChange());
  }

  /**
   * Deletes the build with its components and revisions; its views and clicks stay in the analytics under
   * its title (decision 027). One transaction, the build locked first as by every build writer: no click
   * counted meanwhile can land between moving the counts and the delete.
   */
  async function remove(id: number): Promise<void> {
    await db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.lockBuild(trx, id))) throw notFound(ADMIN_NOT_FOUND);
        const build = (await repo.findBuildById(trx, id))!;
        await deps.keepDeletedAnalytics(trx, build, clock.now());
        await repo.deleteBuild(trx, id);
      })
      .finally(() => deps.events.emitChange());
  }

  function stats(): Promise<BuildStats> {
    return repo.getBuildStats(db);
  }

  /**
   * For the other modules that work on one build (price refresh, smart replacement): 404 when it does
   * not exist, else the affiliate tag its links carry (its own, or the site's default).
   */
  async function requireBuild(id: number): Promise<{ affiliateTag: string }> {
    const row = await repo.findBuildById(db, id);
    if (!row) throw notFound(ADMIN_NOT_FOUND);
    return { affiliateTag: row.affiliate_tag || deps.defaultAffiliateTag };
  }

  function toPriceRefs(components: ComponentRow[]): ComponentPriceRef[] {
    return components.sort(byDisplayOrder).map((c) => ({ id: c.id, asin: c.asin, priceCents: c.price_cents }));
  }

  /** The components of a published build, in display order, for its public price history; 404 as getPublished. */
  async function publishedPriceRefs(slug: string): Promise<ComponentPriceRef[]> {
    const row = await findBySlug(slug);
    const now = clock.now();
    if (!row || !isPublicAt(row, now)) throw notFound(BUILD_NOT_FOUND);
    return toPriceRefs(await repo.listComponents(db, row.id));
  }

  /** The components of any build (drafts too), for the editor's price history; 404 as getAdmin. */
  async function priceRefs(id: number): Promise<ComponentPriceRef[]> {
    const row = await repo.findBuildById(db, id);
    if (!row) throw notFound(ADMIN_NOT_FOUND);
    return toPriceRefs(await repo.listComponents(db, id));
  }

  /**
   * Stores every due scheduled build as published (published_at = publish_at, unless published before) and tells the caches.
   * Visitors already see a due build (the public queries treat it as published): this makes the stored
   * status say so too. Safe with any number of instances at once (one conditional UPDATE). Returns the ids.
   */
  async function publishDueScheduled(): Promise<number[]> {
    const ids = await repo.publishDueScheduled(db, clock.now().toISOString());
    if (ids.length > 0) await deps.events.emitChange();
    return ids;
  }

  function hasDueScheduled(): Promise<boolean> {
    return repo.hasDueScheduled(db, clock.now().toISOString());
  }

  /** The next `publish_at` after now (a Date), or null: when the page caches must next forget what they hold. */
  async function nextPublishAt(): Promise<Date | null> {
    const next = await repo.findNextPublishAt(db, clock.now().toISOString());
    return next === null ? null : new Date(next);
  }

  return {
    listPublished,
    publishDueScheduled,
    hasDueScheduled,
    nextPublishAt,
    listPublishedPage,
    getPublished,
    listAdmin,
    getAdmin: (id: number) => getAdmin(id),
    compatibility,
    create,
    update,
    remove,
    stats,
    requireBuild,
    publishedPriceRefs,
    priceRefs,
  };
}

export type BuildsService = ReturnType<typeof createBuildsService>;

/**
 * Database row types for Kysely. Timestamps are ISO-8601 UTC text on both dialects; money is integer
 * cents; flags are 0/1 integers. Repositories map rows to domain objects (pg returns counts as strings).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;
/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  username: string;
  password_hash: string;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  /** sha256 of the bearer token: a leaked database does not leak usable tokens. */
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** Random keys the server draws once and shares between its processes and instances (never in a backup). */
export interface ServerSecretsTable {
  name: string;
  /** base64url of 32 random bytes. */
  secret: string;
  created_at: Timestamp;
}

export interface LoginThrottleTable {
  /** 'ip:{address key}' (IPv6: its /64) or 'user:{HMAC of the lower-case username}' (decision 003) */
  key: string;
  failures: number;
  window_started_at: Timestamp;
  blocked_until: Timestamp | null;
  /** Password checks of this username running now (user rows only; always 0 on IP rows). */
  in_flight: WithDefault<number>;
  /** When `in_flight` goes stale: a process that died mid-check must not hold its slot for ever. */
  in_flight_until: Timestamp | null;
  updated_at: Timestamp;
}

export interface BuildsTable {
  id: Id;
  slug: string;
  title: string;
  description: WithDefault<string>;
  content: WithDefault<string>;
  featured_image: string | null;
  category: string | null;
  budget_cents: number | null;
  status: WithDefault<string>;
  views: WithDefault<number>;
  meta_title: string | null;
  meta_description: string | null;
  affiliate_tag: string | null;
  published_at: Timestamp | null;
  /** When a 'scheduled' build goes public (migration 0010); null for the other statuses. */
  publish_at: WithDefault<Timestamp | null>;
  /** 1: the author keeps this build's parts out of the deals (migration 0028, decision 046). */
  deals_excluded: WithDefault<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ComponentsTable {
  id: Id;
  build_id: number;
  type: string;
  name: string;
  brand: string | null;
  model: string | null;
  specs: string | null;
  price_cents: number | null;
  amazon_link: string | null;
  asin: string | null;
  position: WithDefault<number>;
  is_replaced: WithDefault<number>;
  replacement_reason: string | null;
  /** 'manual' (typed by the author) or 'amazon' (from the retailer API). */
  price_source: string | null;
  price_updated_at: Timestamp | null;
  /** Last known availability: IN_STOCK, OUT_OF_STOCK, UNAVAILABLE, UNKNOWN or null (never checked). */
  availability: string | null;
  availability_checked_at: Timestamp | null;
  /** Price refresh tier: A (high priority), B (medium), C or null (low). */
  tier: string | null;
  /** The product image as the retailer links it (never a stored copy), refreshed with the price; null: none. */
  image_url: WithDefault<string | null>;
  /** When the retailer last confirmed image_url (migration 0013); the public pages show it for 24 hours after. */
  image_checked_at: WithDefault<Timestamp | null>;
  /** Attributes set by the author over the derived ones, as JSON (migration 0012; see src/compatibility); null: none. */
  attribute_overrides: WithDefault<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlternativeCategoriesTable {
  id: Id;
  name: string;
  description: string | null;
  component_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlternativesTable {
  id: Id;
  /** null for members of a category (group) that are not tied to one original product. */
  original_asin: string | null;
  category_id: number | null;
  alternative_asin: string;
  alternative_name: string;
  alternative_price_cents: number | null;
  priority: WithDefault<number>;
  /** 'manual' (typed by the author) or 'amazon' (from the retailer API); null without a price (migration 0017). */
  price_source: WithDefault<string | null>;
  price_updated_at: WithDefault<Timestamp | null>;
  /** Last known availability, as for components: IN_STOCK, OUT_OF_STOCK, UNAVAILABLE, UNKNOWN or null (never checked). */
  availability: WithDefault<string | null>;
  availability_checked_at: WithDefault<Timestamp | null>;
  /** As components.image_url and image_checked_at: the retailer's link, shown for 24 hours after its check (decision 024). */
  image_url: WithDefault<string | null>;
  image_checked_at: WithDefault<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReplacementsTable {
  id: Id;
  build_id: number;
  /** The substitute component now in the build; null once it is gone. */
  component_id: number | null;
  original_type: string;
  original_name: string;
  original_brand: string | null;
  original_model: string | null;
  original_specs: string | null;
  original_asin: string | null;
  original_link: string | null;
  original_price_cents: number | null;
  original_position: number;
  /** The original's attribute overrides (migration 0012), restored with it. */
  original_attribute_overrides: WithDefault<string | null>;
  replacement_reason: string | null;
  created_at: Timestamp;
  restored_at: Timestamp | null;
}

export interface PriceObservationsTable {
  id: Id;
  asin: string;
  price_cents: number | null;
  availability: string | null;
  source: string;
  observed_at: Timestamp;
}

export interface JobLeasesTable {
  name: string;
  /** Instance id of the current holder. */
  holder: string;
  expires_at: Timestamp;
}

/** What started a job run (jobs.schema.ts holds the same values as a zod enum). */
export type JobRunTrigger = 'scheduled' | 'manual';
/** 'running' while the run goes on, then how it ended. */
export type JobRunStatus = 'running' | 'succeeded' | 'failed';

export interface JobRunsTable {
  id: Id;
  /** e.g. 'prices-tier-A', 'prices-build-12', 'smart-replacement-12' */
  job: string;
  trigger: JobRunTrigger;
  status: JobRunStatus;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  total: WithDefault<number>;
  updated: WithDefault<number>;
  unchanged: WithDefault<number>;
  unavailable: WithDefault<number>;
  failed: WithDefault<number>;
  /** Retailer API requests made by the run. */
  requests: WithDefault<number>;
  error: string | null;
}

/** Uploaded files stored in the database (UPLOAD_STORAGE=database): written once, never updated. */
export interface MediaBlobsTable {
  /** The public file name, e.g. `<sha256>-<width>.webp`. */
  key: string;
  content_type: string;
  /** bytea on PostgreSQL, blob on SQLite: both drivers read it as a Buffer. */
  bytes: ColumnType<Buffer, Buffer, never>;
  size: ColumnType<number, number, never>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** One row per retailer account: the request budget of every process and instance together. */
export interface RetailerRateBudgetTable {
  /** 'amazon-creators:' + a hash of the API host and credential ID. */
  account: string;
  /** Earliest start of the next request, epoch ms by the database's clock (pg returns bigint as a string). */
  next_slot_at: ColumnType<number | string, number, number>;
  /** The process (rate queue) that took the last slot. */
  last_holder: string;
  /** UTC day of the requests counted in `used`, as days since 1970-01-01. */
  day: number;
  used: number;
}

/**
 * The price history at one row per ASIN and UTC day: the day's latest observation, kept by every write
 * of an observation (price_observations keeps them all). Derived: a restore rebuilds it.
 */
export interface PriceDaysTable {
  asin: string;
  /** YYYY-MM-DD (UTC) of observed_at. */
  day: string;
  observed_at: Timestamp;
  price_cents: number | null;
}

/** The author's recent retailer searches (a few minutes), shared by every process and instance. */
export interface RetailerSearchCacheTable {
  /** '{page}|{normalised query}'. */
  key: string;
  /** JSON of the answer. */
  answer: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/**
 * An ASIN whose latest answers from Amazon were ItemNotAccessible, on `days` different Europe/Rome days
 * ('YYYY-MM-DD') in a row from first_day to last_day (decision 021). Deleted when Amazon shows it again.
 */
export interface RetailerAccessStreaksTable {
  asin: string;
  first_day: string;
  last_day: string;
  days: number;
  message: string;
  updated_at: Timestamp;
}

/** Counted views and affiliate clicks of a build on one Europe/Rome day ('YYYY-MM-DD'). */
export interface BuildDailyStatsTable {
  id: Id;
  /** Null once the build is deleted (decision 027): the row then belongs to `deleted_build_id`. */
  build_id: number | null;
  deleted_build_id: number | null;
  day: string;
  views: WithDefault<number>;
  /** Clicks on the links of the build's components. */
  component_clicks: WithDefault<number>;
  /** Clicks on 'Compra Tutto su Amazon'. */
  cart_clicks: WithDefault<number>;
  /** Visits with at least one valid swap or owned part (migration 0018, decision 030). */
  personalized_views: WithDefault<number>;
}

/** How many visitors chose a swap or an owned part of a build on one Europe/Rome day (migration 0018). */
export interface BuildDailyChoicesTable {
  id: Id;
  /** Null once the build is deleted (decision 027): the row then belongs to `deleted_build_id`. */
  build_id: number | null;
  deleted_build_id: number | null;
  day: string;
  kind: 'swap' | 'owned';
  /** Null once the component is deleted. */
  component_id: number | null;
  /** 'swap': the alternative's ASIN; 'owned': the component's ASIN, else its link, else ''. */
  product: string;
  /** The alternative's name (swap) or the component's (owned) at the last count. */
  name: string;
  count: WithDefault<number>;
}

/** Clicks on one component's link on one Europe/Rome day. */
export interface ComponentDailyClicksTable {
  id: Id;
  /** The row that was clicked; null once it is deleted (the clicks stay with the product, decision 027). */
  component_id: number | null;
  /** Null once the build is deleted. */
  build_id: number | null;
  /** The component's ASIN, else its link: what a component's clicks are read by. */
  product: string | null;
  /** The component's name at the last click. */
  name: string | null;
  day: string;
  clicks: WithDefault<number>;
}

/** A deleted build, kept so that its views and clicks stay named in the analytics (decision 027). */
export interface DeletedBuildsTable {
  id: Id;
  /** The id the build had. */
  build_id: number;
  slug: string;
  title: string;
  deleted_at: Timestamp;
}

/**
 * The windowed keyed counters of every feature (modules/keyed-counters, migration 0026): a key under its
 * feature's prefix ('login:ip:', 'alerts:mail:', 'alerts:net:', 'visit:', 'click:'), how many it counted in
 * the window that started at `window_started_at`, and when it last changed.
 */
export interface KeyedCountersTable {
  key: string;
  count: number;
  window_started_at: Timestamp;
  updated_at: Timestamp;
}

/** The random HMAC key of each day's click de-duplication, shared by every process and instance. */
export interface ClickDedupeKeysTable {
  day: string;
  secret: string;
  created_at: Timestamp;
}

/** A published build whose total left its budget's band: since when (first seen by a scheduled refresh). */
export interface BuildDriftTable {
  build_id: number;
  drifted_at: Timestamp;
}

/** A build and its components as they were after a save or an automatic change (JSON snapshot). */
export interface BuildRevisionsTable {
  id: Id;
  build_id: number;
  created_at: Timestamp;
  /** The build's title then, for the list. */
  title: string;
  /** Why it was recorded, in Italian ('Salvataggio', 'Sostituzione intelligente'...). */
  reason: string;
  /** The admin who saved, or 'Sistema' for automatic changes. */
  author: string;
  snapshot: string;
}

/** Mails waiting for the sender, and what stays of them once sent (migration 0019, decision 031). */
export interface MailOutboxTable {
  id: Id;
  /** e.g. 'alert-confirmation', 'alert' */
  kind: string;
  /** Erased (null) once the mail is sent or given up: the outbox keeps no address after delivery. */
  recipient: string | null;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** JSON object of extra headers (e.g. List-Unsubscribe); null once erased. */
  headers: string | null;
  /** '<uuid@domain>', drawn at enqueue and sent as the Message-ID. */
  message_id: string;
  /** 'pending' | 'sent' | 'failed' */
  status: WithDefault<string>;
  attempts: WithDefault<number>;
  next_attempt_at: Timestamp;
  lease_holder: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Europe/Rome day of sent_at, for the per-day counts. */
  sent_day: string | null;
  last_error: string | null;
}

/** A visitor's price or stock alert (migration 0020). */
export interface PriceAlertsTable {
  id: Id;
  build_id: number;
  /** Set: a stock alert on this part; null: a price alert on the build's total. */
  component_id: number | null;
  /** Lower case, trimmed: where the mails go, as the visitor typed it. */
  email: string;
  /**
   * The canonical mailbox (modules/alerts/mailbox.ts): what the per-address rules and the erase compare.
   * Null only in rows restored from an archive made before migration 0024.
   */
  mailbox: string | null;
  max_total_cents: number | null;
  /** 'pending' (waiting for the address to confirm) or 'active' */
  status: string;
  /** SHA-256 (hex) of the confirmation link's token; the token itself is never stored. */
  confirm_token_hash: string;
  /** SHA-256 (hex) of the unsubscribe link's token. */
  unsubscribe_token_hash: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  /** Pending: created + 48 h; active: confirmed + 180 days. */
  expires_at: Timestamp;
}

/** The site search's vocabulary: every folded word the index holds (migration 0025, decision 041). */
export interface SearchWordsTable {
  word: string;
}

/** One group of the author's search synonyms: its phrases as typed, comma-separated (migration 0025). */
export interface SearchSynonymsTable {
  id: Id;
  phrases: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One uploaded Associates Earnings report (migration 0027, decision 045). */
export interface RevenueImportsTable {
  id: Id;
  file_name: string;
  /** sha256 (hex) of the report's rows as read: the same report uploaded again is recognised. */
  content_hash: string;
  /** The days the report covers ('YYYY-MM-DD'): its title line's period, else its first and last day. */
  period_from: string;
  period_to: string;
  /** Rows stored (day × tracking ID × ASIN × device × direct) and lines read. */
  row_count: number;
  line_count: number;
  /** The report's sum of Ad Fees, in cents. */
  fees_cents: number;
  imported_by: string;
  imported_at: Timestamp;
}

/** A report's lines summed per day × tracking ID × ASIN × device × direct (migration 0027). */
export interface RevenueRowsTable {
  id: Id;
  import_id: number;
  day: string;
  tracking_id: string;
  asin: string;
  /** As the report wrote them ('' when it has no such column). */
  device: string;
  direct: string;
  name: string;
  category: string;
  seller: string;
  items_shipped: number;
  returns: number;
  revenue_cents: number;
  fees_cents: number;
}

/** Which import a day's figures come from: the newest one covering it (migration 0027). */
export interface RevenueDayOwnersTable {
  id: Id;
  day: string;
  import_id: number;
}

/** A row's commission attributed to a build, or to none (migration 0027, decision 045). */
export interface RevenueSharesTable {
  id: Id;
  row_id: number;
  import_id: number;
  day: string;
  /** The build's id (no foreign key: a deleted build keeps its earnings); null: 'non_attribuito'. */
  build_id: number | null;
  method: 'esatto' | 'stimato' | 'non_attribuito';
  /** The share of the row (0–1]. */
  weight: number;
  items_shipped: number;
  returns: number;
  revenue_cents: number;
  fees_cents: number;
}

/** A report header the author mapped once to a field (migration 0027). */
export interface RevenueHeaderMappingsTable {
  id: Id;
  /** The header folded (lower case, no currency, single spaces). */
  header: string;
  field: string;
  updated_at: Timestamp;
}

/** The current deal of an ASIN as the last refresh decided it (migration 0028, decision 046). Derived. */
export interface DealsTable {
  asin: string;
  price_cents: number;
  price_updated_at: Timestamp;
  /** The lowest price of the 30 days before the deal's day (Europe/Rome). */
  previous_low_cents: number;
  /** The drop in hundredths of a percent: 1500 is 15 %. */
  drop_basis_points: number;
  found_at: Timestamp;
}

/** The last low posted to the Telegram channel per ASIN (migration 0028). */
export interface DealPostsTable {
  id: Id;
  asin: string;
  low_cents: number;
  posted_at: Timestamp;
}

/** Telegram posts waiting for the sender, and what stays of them (migration 0028, decisions 031 and 046). */
export interface TelegramOutboxTable {
  id: Id;
  asin: string;
  text_body: string;
  photo_url: string | null;
  /** 'pending' | 'sent' | 'failed' */
  status: WithDefault<string>;
  attempts: WithDefault<number>;
  next_attempt_at: Timestamp;
  lease_holder: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
  failed_at: Timestamp | null;
}

/** One row (id 1) every Telegram sender locks to claim: the hourly cap and Telegram's pause hold across processes. */
export interface TelegramSenderTable {
  id: number;
  paused_until: Timestamp | null;
  claims: WithDefault<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  server_secrets: ServerSecretsTable;
  builds: BuildsTable;
  components: ComponentsTable;
  alternative_categories: AlternativeCategoriesTable;
  alternatives: AlternativesTable;
  replacements: ReplacementsTable;
  price_observations: PriceObservationsTable;
  price_days: PriceDaysTable;
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
  media_blobs: MediaBlobsTable;
  retailer_rate_budget: RetailerRateBudgetTable;
  retailer_search_cache: RetailerSearchCacheTable;
  build_drift: BuildDriftTable;
  build_revisions: BuildRevisionsTable;
  retailer_access_streaks: RetailerAccessStreaksTable;
  build_daily_stats: BuildDailyStatsTable;
  component_daily_clicks: ComponentDailyClicksTable;
  build_daily_choices: BuildDailyChoicesTable;
  deleted_builds: DeletedBuildsTable;
  click_dedupe_keys: ClickDedupeKeysTable;
  mail_outbox: MailOutboxTable;
  price_alerts: PriceAlertsTable;
  keyed_counters: KeyedCountersTable;
  search_words: SearchWordsTable;
  search_synonyms: SearchSynonymsTable;
  revenue_imports: RevenueImportsTable;
  revenue_rows: RevenueRowsTable;
  revenue_day_owners: RevenueDayOwnersTable;
  revenue_shares: RevenueSharesTable;
  revenue_header_mappings: RevenueHeaderMappingsTable;
  deals: DealsTable;
  deal_posts: DealPostsTable;
  telegram_outbox: TelegramOutboxTable;
  telegram_sender: TelegramSenderTable;
}

export type BuildRow = Selectable<BuildsTable>;
export type NewBuildRow = Insertable<BuildsTable>;
export type BuildUpdate = Updateable<BuildsTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type NewComponentRow = Insertable<ComponentsTable>;
export type ComponentUpdate = Updateable<ComponentsTable>;
export type UserRow = Selectable<UsersTable>;
export type AlternativeRow = Selectable<AlternativesTable>;
export type PriceAlertRow = Selectable<PriceAlertsTable>;
export type CategoryRow = Selectable<AlternativeCategoriesTable>;
export type RevenueImportRow = Selectable<RevenueImportsTable>;

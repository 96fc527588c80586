/**
 * The backup archive: which tables it holds (an explicit list, in foreign-key order) and the zod
 * schema of every line. See docs/decisions/007-backup-format.md.
 *
 * A migration that adds, drops or changes a column of one of these tables must change the row schema
 * here too (tests/backup/backup-tables.test.ts compares them with the migrated database). A column
 * added later must be `.optional()` here, so that archives made before it still restore.
 */
import { z } from 'zod';
import { formatCount, formatQuantity } from '../../common/format';
import { toSingleLine, toSingleLineOrNull } from '../../common/single-line';

export const ARCHIVE_FORMAT = 'build-pc-backup';
export const ARCHIVE_VERSION = 1;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** PostgreSQL's `integer` is 32 bits; SQLite's is 64: refuse what PostgreSQL could not hold. */
const int = z
  .number({ error: 'deve essere un numero intero' })
  .int('deve essere un numero intero')
  .min(INT32_MIN, 'fuori dai limiti di un intero a 32 bit')
  .max(INT32_MAX, 'fuori dai limiti di un intero a 32 bit');
const id = int.min(1, 'deve essere un id positivo');

/** Text as both databases accept it: PostgreSQL refuses NUL characters and enforces varchar lengths. */
const text = (max?: number) => {
  let schema = z.string({ error: 'deve essere un testo' });
  if (max !== undefined) schema = schema.max(max, `più lungo di ${formatCount(max)} caratteri`);
  return schema.refine((value) => !value.includes('\u0000'), 'contiene il carattere nullo, che PostgreSQL non accetta');
};
const timestamp = text(40);
/**
 * A single-line field (a title, a part's name): normalised as it is restored, so an archive made before
 * the write paths normalised them brings no line break back (common/single-line.ts, decision 037).
 */
const line = (max: number) => text(max).transform(toSingleLine);
const optionalLine = (max: number) => text(max).nullable().transform(toSingleLineOrNull);

const usersRow = z.strictObject({
  id,
  username: text(64),
  password_hash: text(),
  password_changed_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});

const sessionsRow = z.strictObject({
  id,
  user_id: id,
  token_hash: text(64),
  ip: text(64).nullable(),
  user_agent: text(512).nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
});

/** Visitors' price and stock alerts: personal data (an address), so only with --with-users. */
const priceAlertsRow = z.strictObject({
  id,
  build_id: id,
  component_id: id.nullable(),
  email: text(254),
  // Added by migration 0024: archives made before it have none.
  mailbox: text(254).nullable().optional(),
  max_total_cents: int.nullable(),
  status: z.enum(['pending', 'active'], { error: "deve essere 'pending' o 'active'" }),
  confirm_token_hash: text(64),
  unsubscribe_token_hash: text(64),
  created_at: timestamp,
  confirmed_at: timestamp.nullable(),
  expires_at: timestamp,
});

const buildsRow = z.strictObject({
  id,
  slug: text(120),
  title: line(300),
  description: text(),
  content: text(),
  featured_image: text(2048).nullable(),
  category: text(40).nullable(),
  budget_cents: int.nullable(),
  status: text(20),
  views: int,
  meta_title: optionalLine(300),
  meta_description: optionalLine(1000),
  affiliate_tag: text(128).nullable(),
  published_at: timestamp.nullable(),
  // Added by migration 0010 (scheduled publishing): archives made before it have no such field.
  publish_at: timestamp.nullable().optional(),
  // Added by migration 0028 (deals): archives made before it have none (the build takes part in deals).
  deals_excluded: int.min(0).max(1).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});

const componentsRow = z.strictObject({
  id,
  build_id: id,
  type: line(40),
  name: line(500),
  brand: optionalLine(200),
  model: optionalLine(200),
  specs: text().nullable(),
  price_cents: int.nullable(),
  amazon_link: text(2048).nullable(),
  asin: text(10).nullable(),
  position: int,
  is_replaced: int,
  replacement_reason: text(500).nullable(),
  price_source: text(20).nullable(),
  price_updated_at: timestamp.nullable(),
  availability: text(20).nullable(),
  availability_checked_at: timestamp.nullable(),
  tier: text(1).nullable(),
  // Added by migration 0006: archives made before it have no such field.
  image_url: text(2048).nullable().optional(),
  // Added by migration 0012 (the author's attribute overrides, JSON): absent in older archives.
  attribute_overrides: text(2000).nullable().optional(),
  // Added by migration 0013: absent in older archives (their images then count as never confirmed).
  image_checked_at: timestamp.nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});

const alternativeCategoriesRow = z.strictObject({
  id,
  name: line(200),
  description: text().nullable(),
  component_type: text(40).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const alternativesRow = z.strictObject({
  id,
  original_asin: text(10).nullable(),
  category_id: id.nullable(),
  alternative_asin: text(10),
  alternative_name: line(500),
  alternative_price_cents: int.nullable(),
  priority: int,
  // Added by migration 0017 (the alternatives' retailer state): absent in older archives, whose prices the
  // restore then counts as the author's, dated by the row's last edit, as the migration did.
  price_source: text(20).nullable().optional(),
  price_updated_at: timestamp.nullable().optional(),
  availability: text(20).nullable().optional(),
  availability_checked_at: timestamp.nullable().optional(),
  image_url: text(2048).nullable().optional(),
  image_checked_at: timestamp.nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});

const replacementsRow = z.strictObject({
  id,
  build_id: id,
  component_id: id.nullable(),
  original_type: line(40),
  original_name: line(500),
  original_brand: optionalLine(200),
  original_model: optionalLine(200),
  original_specs: text().nullable(),
  original_asin: text(10).nullable(),
  original_link: text(2048).nullable(),
  original_price_cents: int.nullable(),
  original_position: int,
  // Added by migration 0012: absent in older archives.
  original_attribute_overrides: text(2000).nullable().optional(),
  replacement_reason: text(500).nullable(),
  created_at: timestamp,
  restored_at: timestamp.nullable(),
});

const priceObservationsRow = z.strictObject({
  id,
  asin: text(10),
  price_cents: int.nullable(),
  availability: text(20).nullable(),
  source: text(20),
  observed_at: timestamp,
});

/** 'YYYY-MM-DD', a Europe/Rome day of the click analytics. */
const day = text(10).refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), 'deve essere un giorno AAAA-MM-GG');
const count = int.min(0, 'deve essere un numero non negativo');

/** A deleted build whose analytics are kept (migration 0015, decision 027). */
const deletedBuildsRow = z.strictObject({
  id,
  // The id the build had: informative, it points at no row.
  build_id: id,
  slug: text(120),
  title: line(300),
  deleted_at: timestamp,
});

// Migration 0015 made build_id nullable (null once the build is deleted) and added what follows it, as
// null-by-default fields: archives made before it have no such field.
const buildDailyStatsRow = z.strictObject({
  id,
  build_id: id.nullable(),
  deleted_build_id: id.nullable().default(null),
  day,
  views: count,
  component_clicks: count,
  cart_clicks: count,
  // Added by migration 0018 (personalised visits, decision 030): archives made before it have no such field.
  personalized_views: count.default(0),
});

/** What visitors chose when they personalised a build (migration 0018, decision 030): absent in older archives. */
const buildDailyChoicesRow = z.strictObject({
  id,
  build_id: id.nullable(),
  deleted_build_id: id.nullable(),
  day,
  kind: z.enum(['swap', 'owned'], { error: "deve essere 'swap' o 'owned'" }),
  component_id: id.nullable(),
  product: text(2048),
  name: text(500),
  count,
});

const componentDailyClicksRow = z.strictObject({
  id,
  component_id: id.nullable(),
  build_id: id.nullable(),
  // Absent in archives made before migration 0015: the restore fills them from the components.
  product: text(2048).nullable().default(null),
  name: text(500).nullable().default(null),
  day,
  clicks: count,
});

const jobRunsRow = z.strictObject({
  id,
  job: text(100),
  trigger: text(20),
  status: text(20),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  total: int,
  updated: int,
  unchanged: int,
  unavailable: int,
  failed: int,
  requests: int,
  error: text().nullable(),
});

/** A group of the search's synonyms (migration 0025): absent in older archives. */
const searchSynonymsRow = z.strictObject({
  id,
  phrases: line(400),
  created_at: timestamp,
  updated_at: timestamp,
});

/** The affiliate earnings (migration 0027, decision 045): absent in older archives. */
const revenueImportsRow = z.strictObject({
  id,
  file_name: text(255),
  content_hash: text(64),
  period_from: day,
  period_to: day,
  row_count: count,
  line_count: count,
  fees_cents: int,
  imported_by: text(64),
  imported_at: timestamp,
});

const revenueRowsRow = z.strictObject({
  id,
  import_id: id,
  day,
  tracking_id: text(100),
  asin: text(20),
  device: text(50),
  direct: text(20),
  // The report's text as it was, formulas included: stored and shown as text, never evaluated.
  name: text(500),
  category: text(200),
  seller: text(200),
  items_shipped: int,
  returns: int,
  revenue_cents: int,
  fees_cents: int,
});

const revenueDayOwnersRow = z.strictObject({ id, day, import_id: id });

const revenueSharesRow = z.strictObject({
  id,
  row_id: id,
  import_id: id,
  day,
  // A deleted build's id is kept (no foreign key): its earnings stay with it (decision 027).
  build_id: id.nullable(),
  method: z.enum(['esatto', 'stimato', 'non_attribuito'], { error: "deve essere 'esatto', 'stimato' o 'non_attribuito'" }),
  weight: z.number({ error: 'deve essere un numero' }).min(0).max(1),
  items_shipped: z.number({ error: 'deve essere un numero' }).finite(),
  returns: z.number({ error: 'deve essere un numero' }).finite(),
  revenue_cents: int,
  fees_cents: int,
});

const revenueHeaderMappingsRow = z.strictObject({ id, header: text(200), field: text(40), updated_at: timestamp });

/** The last low posted to the Telegram channel per ASIN (migration 0028): absent in older archives. */
const dealPostsRow = z.strictObject({
  id,
  asin: text(20),
  low_cents: int,
  posted_at: timestamp,
});

const BACKUP_TABLE_NAMES = [
  'users',
  'sessions',
  'builds',
  'components',
  'alternative_categories',
  'alternatives',
  'replacements',
  'deleted_builds',
  'build_daily_stats',
  'component_daily_clicks',
  'build_daily_choices',
  'price_observations',
  'job_runs',
  'price_alerts',
  'search_synonyms',
  'revenue_imports',
  'revenue_rows',
  'revenue_day_owners',
  'revenue_shares',
  'revenue_header_mappings',
  'deal_posts',
] as const;

export type BackupTableName = (typeof BACKUP_TABLE_NAMES)[number];
export type BackupRow = Record<string, string | number | null>;

export interface BackupTable {
  readonly name: BackupTableName;
  /** Strict: a column this version does not know is an error, never silently dropped. */
  readonly row: z.ZodObject<Record<string, z.ZodType>>;
  /** Column -> parent table; the parent's rows come earlier in the archive. */
  readonly references: Readonly<Record<string, BackupTableName>>;
  /** Only in archives made with --with-users (accounts, their sessions, and visitors' alerts: personal data). */
  readonly accounts: boolean;
  /** Italian singular and plural for messages, e.g. "1 componente", "3 componenti". */
  readonly label: readonly [one: string, many: string];
}

/**
 * Every table a backup holds, parents before children, so a restore inserts them in this order.
 * Deliberately not "all tables": login_throttle and job_leases are runtime state of the machine they
 * live on, and tables of other features (e.g. stored image blobs) are reached through their own
 * interfaces. A new table is backed up only once it is added here.
 */
export const BACKUP_TABLES: readonly BackupTable[] = [
  { name: 'users', row: usersRow, references: {}, accounts: true, label: ['utente', 'utenti'] },
  { name: 'sessions', row: sessionsRow, references: { user_id: 'users' }, accounts: true, label: ['sessione', 'sessioni'] },
  { name: 'builds', row: buildsRow, references: {}, accounts: false, label: ['build', 'build'] },
  { name: 'components', row: componentsRow, references: { build_id: 'builds' }, accounts: false, label: ['componente', 'componenti'] },
  { name: 'alternative_categories', row: alternativeCategoriesRow, references: {}, accounts: false, label: ['gruppo di alternative', 'gruppi di alternative'] },
  { name: 'alternatives', row: alternativesRow, references: { category_id: 'alternative_categories' }, accounts: false, label: ['alternativa', 'alternative'] },
  {
    name: 'replacements',
    row: replacementsRow,
    references: { build_id: 'builds', component_id: 'components' },
    accounts: false,
    label: ['sostituzione', 'sostituzioni'],
  },
  // The click analytics: what the author learnt about which builds and links earn is content, not running state.
  { name: 'deleted_builds', row: deletedBuildsRow, references: {}, accounts: false, label: ['build eliminata', 'build eliminate'] },
  {
    name: 'build_daily_stats',
    row: buildDailyStatsRow,
    references: { build_id: 'builds', deleted_build_id: 'deleted_builds' },
    accounts: false,
    label: ['giorno di statistiche delle build', 'giorni di statistiche delle build'],
  },
  {
    name: 'component_daily_clicks',
    row: componentDailyClicksRow,
    references: { component_id: 'components', build_id: 'builds' },
    accounts: false,
    label: ['giorno di clic dei componenti', 'giorni di clic dei componenti'],
  },
  {
    name: 'build_daily_choices',
    row: buildDailyChoicesRow,
    references: { build_id: 'builds', deleted_build_id: 'deleted_builds', component_id: 'components' },
    accounts: false,
    label: ['giorno di scelte dei visitatori', 'giorni di scelte dei visitatori'],
  },
  { name: 'price_observations', row: priceObservationsRow, references: {}, accounts: false, label: ['osservazione di prezzo', 'osservazioni di prezzo'] },
  { name: 'job_runs', row: jobRunsRow, references: {}, accounts: false, label: ['esecuzione dei job', 'esecuzioni dei job'] },
  // Addresses of visitors: personal data, copied only when the operator asks for the accounts too. Pending
  // ones go too: they still expire 48 hours after they were asked, wherever they are restored.
  { name: 'price_alerts', row: priceAlertsRow, references: { build_id: 'builds', component_id: 'components' }, accounts: true, label: ['avviso di prezzo', 'avvisi di prezzo'] },
  // The author's synonyms are content; an archive made before them restores none.
  { name: 'search_synonyms', row: searchSynonymsRow, references: {}, accounts: false, label: ['gruppo di sinonimi', 'gruppi di sinonimi'] },
  // The author's earnings, imported from the Associates reports: content the site cannot read again from anywhere.
  { name: 'revenue_imports', row: revenueImportsRow, references: {}, accounts: false, label: ['report dei guadagni', 'report dei guadagni'] },
  { name: 'revenue_rows', row: revenueRowsRow, references: { import_id: 'revenue_imports' }, accounts: false, label: ['riga dei guadagni', 'righe dei guadagni'] },
  { name: 'revenue_day_owners', row: revenueDayOwnersRow, references: { import_id: 'revenue_imports' }, accounts: false, label: ['giorno dei guadagni', 'giorni dei guadagni'] },
  {
    name: 'revenue_shares',
    row: revenueSharesRow,
    references: { row_id: 'revenue_rows', import_id: 'revenue_imports' },
    accounts: false,
    label: ['quota attribuita', 'quote attribuite'],
  },
  { name: 'revenue_header_mappings', row: revenueHeaderMappingsRow, references: {}, accounts: false, label: ['colonna mappata', 'colonne mappate'] },
  // What the Telegram channel already announced: restored, a site does not post the same lows again (decision 046).
  { name: 'deal_posts', row: dealPostsRow, references: {}, accounts: false, label: ['offerta pubblicata', 'offerte pubblicate'] },
];

/**
 * Tables deliberately left out, and why. Every table of the schema is either in BACKUP_TABLES or here
 * (tests/backup/backup-tables.test.ts checks it), so a new table is never left out by accident.
 */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  schema_migrations: 'the manifest lists the applied migrations; the target runs its own',
  login_throttle: 'runtime state of the sign-in limits, meaningless on another machine',
  server_secrets: "keys this database drew for itself (the sign-in limits' username hashes); the target draws its own",
  job_leases: 'who runs a job right now: runtime state of the running instances',
  build_revisions: 'the edit history: a restore brings back the content as it is now, and its history starts again there',
  build_drift: "when a build's total first left its budget's band: recorded again by the target's next scheduled refresh",
  media_blobs: 'images are backed up through the storage interface (ObjectStorage), whatever its driver',
  retailer_rate_budget: "runtime state of the retailer's request budget; left out, only the day's count restarts",
  retailer_search_cache: "a few minutes' copy of the retailer's search answers; left out, the next search asks again",
  retailer_access_streaks: "running count of the retailer's ItemNotAccessible answers; left out, a product not accessible takes two more days to be called unavailable",
  price_days: 'derived from price_observations (the latest observation of each ASIN and day); a restore rebuilds it',
  build_search: "the site search's index, derived from the builds and their components; a restore rebuilds it (decision 033)",
  search_words: "the site search's vocabulary, derived from the indexed builds; a restore's rebuild fills it (decision 041)",
  // SQLite's FTS5 keeps build_search in these shadow tables (none of them on PostgreSQL).
  build_search_data: 'part of build_search (SQLite FTS5 shadow table)',
  build_search_idx: 'part of build_search (SQLite FTS5 shadow table)',
  build_search_content: 'part of build_search (SQLite FTS5 shadow table)',
  build_search_docsize: 'part of build_search (SQLite FTS5 shadow table)',
  build_search_config: 'part of build_search (SQLite FTS5 shadow table)',
  click_dedupe_keys: "the day's key of the visits' and clicks' hashes: running state, never copied (a new one is drawn on the target)",
  mail_outbox: 'mails waiting for the sender carry addresses (personal data) and belong to the running site; only the per-day counts of sent mails are lost (decision 031)',
  keyed_counters: "windowed counts of keyed hashes (sign-in attempts per address, alert requests, the last half hour's visits, the last minute's clicks): running state, keyed with this database's own secrets",
  deals: 'derived from price_observations by the price refresh (decision 046); the next refresh after a restore recomputes it',
  telegram_outbox: "posts waiting for the Telegram sender: running state of the site's channel, like the mail outbox (decisions 031, 046)",
  telegram_sender: "the Telegram senders' shared pause and claim lock: running state, recreated by the migration",
};

export function columnsOf(table: BackupTable): string[] {
  return Object.keys(table.row.shape);
}

/** The tables of an archive made with or without the accounts. */
export function tablesFor(withUsers: boolean): BackupTable[] {
  return BACKUP_TABLES.filter((table) => withUsers || !table.accounts);
}

/** "7 build, 56 componenti, …" for the tables with rows, in archive order. */
export function describeRowCounts(counts: ReadonlyMap<BackupTableName, number>): string {
  const parts = BACKUP_TABLES.filter((table) => (counts.get(table.name) ?? 0) > 0).map((table) => formatQuantity(counts.get(table.name)!, ...table.label));
  return parts.length > 0 ? parts.join(', ') : 'nessuna riga';
}

// --- lines of the archive (one JSON object per line) ---

export const manifestLine = z.strictObject({
  kind: z.literal('manifest'),
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  created_at: z.iso.datetime({ error: 'deve essere una data ISO-8601' }),
  source: z.strictObject({ dialect: z.enum(['sqlite', 'postgres']) }),
  /** Migrations applied to the source database, in order. */
  migrations: z.array(z.string().min(1)).min(1, 'deve elencare almeno una migrazione'),
  options: z.strictObject({ with_users: z.boolean() }),
  /** The tables whose rows follow, in this order. */
  tables: z.array(z.enum(BACKUP_TABLE_NAMES)),
});

export const imageLine = z.strictObject({
  kind: z.literal('image'),
  key: z.string().min(1),
  content_type: z.string().min(1).max(100),
  size: z.number().int().min(0),
  /** Hex sha256 of the bytes: proves each image restores byte for byte. */
  sha256: z.string().regex(/^[a-f0-9]{64}$/, 'deve essere uno sha256 esadecimale'),
  /** Base64; checked against size and sha256 rather than by a pattern (lines can be megabytes long). */
  data: z.string(),
});

// Row lines, `{kind: 'row', table, row}`, are checked by hand in archive-reader.ts (the hot path), then by
// their table's row schema above.

export const endLine = z.strictObject({
  kind: z.literal('end'),
  rows: z.partialRecord(z.enum(BACKUP_TABLE_NAMES), z.number().int().min(0)),
  images: z.number().int().min(0),
});

export type Manifest = z.infer<typeof manifestLine>;
export type EndLine = z.infer<typeof endLine>;

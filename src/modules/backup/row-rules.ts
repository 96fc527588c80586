/**
 * The API's own rules, applied to restored rows. The row schemas (backup.schema.ts) only say what the
 * databases can hold; a backup archive is a file anyone could have edited, so every row that reaches the
 * site must also be one the API could have written: a known status, http(s) links only (never
 * `javascript:`), a valid publish date, a slug that stays a path segment, prices within bounds. The rules
 * are the API's zod schemas themselves (builds.schema.ts, alternatives.schema.ts), fed the row mapped
 * back to the request's fields, so the two cannot drift apart. Decision 007, "Restore".
 */
import { z } from 'zod';
import { isValidAsin } from '../../common/asin';
import { BUILD_STATUSES } from '../../common/catalog';
import { centsToEuro } from '../../common/money';
import { isSlug } from '../../common/slug';
import { categoryInputSchema, groupAlternativeInputSchema, MAX_PRIORITY, MIN_PRIORITY } from '../alternatives/alternatives.schema';
import { buildInputSchema, componentInputSchema } from '../builds/builds.schema';
import type { BackupRow, BackupTableName } from './backup.schema';

/** The first rule a row breaks: its column (as the archive names it) and an Italian message. */
export interface RuleIssue {
  column: string;
  message: string;
}

type RowRule = (row: BackupRow) => RuleIssue | null;

const italian = z.locales.it();

/** Runs an API schema on the row's fields; `columns` maps the request's field names back to the row's. */
function apiRule(schema: z.ZodType, input: unknown, columns: Record<string, string> = {}): RuleIssue | null {
  const result = schema.safeParse(input, { error: italian.localeError });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const [field, ...rest] = issue.path.map(String);
  const column = field === undefined ? '' : [columns[field] ?? field, ...rest].join('.');
  return { column, message: issue.message };
}

const issue = (column: string, message: string): RuleIssue => ({ column, message });

/** Timestamps the application writes: Date.toISOString(), which the public queries compare as text. */
function isUtcTimestamp(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}
const TIMESTAMP_MESSAGE = 'deve essere una data ISO-8601 in UTC come la scrive il sito (es. 2026-12-01T09:00:00.000Z)';

/** Stored JSON of the attribute overrides (text, by the row schema), read back for the API's schema. */
function storedJson(value: string | number | null | undefined): { ok: true; value: unknown } | { ok: false } {
  if (value === null || value === undefined) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(String(value)) };
  } catch {
    return { ok: false };
  }
}

const checkAsin = (column: string, value: unknown) =>
  value === null || value === undefined || isValidAsin(value) ? null : issue(column, 'ASIN non valido: servono 10 caratteri alfanumerici maiuscoli');

function checkBuild(row: BackupRow): RuleIssue | null {
  const publishAt = row.publish_at ?? null;
  const rule = apiRule(
    buildInputSchema,
    {
      title: row.title,
      description: row.description,
      content: row.content,
      featured_image: row.featured_image,
      budget: centsToEuro(row.budget_cents as number | null),
      category: row.category,
      status: row.status,
      publish_at: publishAt,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      affiliate_tag: row.affiliate_tag,
    },
    { budget: 'budget_cents' },
  );
  if (rule) return rule;
  if (!isSlug(String(row.slug))) return issue('slug', 'deve contenere solo lettere minuscole, cifre e trattini (es. build-gaming-1080p)');
  if ((row.views as number) < 0) return issue('views', 'deve essere un numero non negativo');
  for (const column of ['created_at', 'updated_at', 'published_at', 'publish_at']) {
    const value = row[column] ?? null;
    if (value !== null && !isUtcTimestamp(value)) return issue(column, TIMESTAMP_MESSAGE);
  }
  // The service stores a publish date for scheduled builds only, and a first publication date for every published one.
  const status = row.status as (typeof BUILD_STATUSES)[number];
  if (status === 'scheduled' && publishAt === null) return issue('publish_at', 'manca: una build programmata ("scheduled") deve avere la data di pubblicazione');
  if (status !== 'scheduled' && publishAt !== null) return issue('publish_at', `deve essere vuoto: la build non è programmata (stato "${status}")`);
  if (status === 'published' && row.published_at === null) return issue('published_at', 'manca: una build pubblicata ha la data della sua prima pubblicazione');
  return null;
}

/**
 * A component as the API takes it; also the original product kept by a replacement record (`columns`
 * names its columns; it keeps no image_url, so that field is absent there, which the API accepts).
 */
function checkComponentFields(row: BackupRow, columns: Record<string, string>): RuleIssue | null {
  const column = (field: string) => columns[field] ?? field;
  const overrides = storedJson(row[column('attribute_overrides')]);
  if (!overrides.ok) return issue(column('attribute_overrides'), 'non è JSON valido');
  const fields = ['type', 'name', 'brand', 'model', 'specs', 'amazon_link', 'asin', 'position', 'image_url'] as const;
  const input: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, row[column(field)]]));
  input.price = centsToEuro(row[column('price')] as number | null);
  input.attribute_overrides = overrides.value;
  return apiRule(componentInputSchema, input, columns) ?? checkAsin(column('asin'), row[column('asin')]);
}

function checkComponent(row: BackupRow): RuleIssue | null {
  const rule = checkComponentFields(row, { price: 'price_cents' });
  if (rule) return rule;
  if (row.is_replaced !== 0 && row.is_replaced !== 1) return issue('is_replaced', 'deve essere 0 o 1');
  return null;
}

function checkReplacement(row: BackupRow): RuleIssue | null {
  return checkComponentFields(row, {
    type: 'original_type',
    name: 'original_name',
    brand: 'original_brand',
    model: 'original_model',
    specs: 'original_specs',
    price: 'original_price_cents',
    amazon_link: 'original_link',
    asin: 'original_asin',
    position: 'original_position',
    attribute_overrides: 'original_attribute_overrides',
  });
}

function checkAlternative(row: BackupRow): RuleIssue | null {
  const rule = apiRule(
    groupAlternativeInputSchema,
    {
      alternativeAsin: row.alternative_asin,
      alternativeName: row.alternative_name,
      alternativePrice: centsToEuro(row.alternative_price_cents as number | null),
      priority: row.priority,
    },
    { alternativeAsin: 'alternative_asin', alternativeName: 'alternative_name', alternativePrice: 'alternative_price_cents' },
  );
  if (rule) return rule;
  const priority = row.priority as number;
  if (priority < MIN_PRIORITY || priority > MAX_PRIORITY) return issue('priority', `deve essere tra ${MIN_PRIORITY} e ${MAX_PRIORITY}`);
  return checkAsin('alternative_asin', row.alternative_asin) ?? checkAsin('original_asin', row.original_asin) ?? checkAlternativeRetailerState(row);
}

const PRICE_SOURCES = ['manual', 'amazon'];

/** The retailer state of an alternative (migration 0017) as the site writes it: the image is shown to visitors. */
function checkAlternativeRetailerState(row: BackupRow): RuleIssue | null {
  const source = row.price_source ?? null;
  if (source !== null && !PRICE_SOURCES.includes(String(source))) return issue('price_source', 'deve essere "manual", "amazon" o vuoto');
  const image = apiRule(componentInputSchema.shape.image_url, row.image_url ?? null);
  if (image) return issue('image_url', image.message);
  for (const column of ['price_updated_at', 'availability_checked_at', 'image_checked_at']) {
    const value = row[column] ?? null;
    if (value !== null && !isUtcTimestamp(value)) return issue(column, TIMESTAMP_MESSAGE);
  }
  return null;
}

function checkPriceObservation(row: BackupRow): RuleIssue | null {
  const price = apiRule(componentInputSchema.shape.price, centsToEuro(row.price_cents as number | null));
  return checkAsin('asin', row.asin) ?? (price && issue('price_cents', price.message));
}

const ROW_RULES: Partial<Record<BackupTableName, RowRule>> = {
  builds: checkBuild,
  components: checkComponent,
  replacements: checkReplacement,
  alternative_categories: (row) => apiRule(categoryInputSchema, { name: row.name, description: row.description, component_type: row.component_type }),
  alternatives: checkAlternative,
  price_observations: checkPriceObservation,
};

/** The first API rule the row breaks, or null. Tables without rules (accounts, counters, job runs) pass. */
export function checkRowRules(table: BackupTableName, row: BackupRow): RuleIssue | null {
  return ROW_RULES[table]?.(row) ?? null;
}

/**
 * The catalogue of the earnings tests: one build with its own tracking ID, two published builds and a
 * draft sharing the default one, our clicks for their products; and the October sales that exercise every
 * attribution rule. Expected figures are worked out in the comments.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/tables';
import type { Sale } from './report-fixtures';

export const DEFAULT_TAG = 'buildpc-21';
export const OWN_TAG = 'buildpc-gaming-21';
export const ASIN = {
  ownCpu: 'B0OWNCPU01',
  other: 'B0OTHER001',
  shared: 'B0SHARED01',
  equal: 'B0EQUAL001',
  nobody: 'B0NOBODY01',
} as const;

export interface Catalogue {
  own: number;
  sharedA: number;
  sharedB: number;
  draft: number;
}

const at = '2026-09-01T10:00:00.000Z';

async function build(db: Kysely<Database>, slug: string, title: string, tag: string | null, status: string, asins: string[]): Promise<number> {
  const { id } = await db
    .insertInto('builds')
    .values({ slug, title, status, affiliate_tag: tag, published_at: status === 'published' ? at : null, created_at: at, updated_at: at, featured_image: null, category: 'Gaming', budget_cents: 100_000, meta_title: null, meta_description: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, asin] of asins.entries()) {
    await db
      .insertInto('components')
      .values({ build_id: id, type: 'CPU', name: `Parte ${asin}`, asin, amazon_link: `https://www.amazon.it/dp/${asin}`, price_cents: 10_000, position, brand: null, model: null, specs: null, replacement_reason: null, price_source: 'manual', price_updated_at: at, availability: null, availability_checked_at: null, tier: null, created_at: at, updated_at: at })
      .execute();
  }
  return id;
}

async function clicks(db: Kysely<Database>, buildId: number, product: string, day: string, count: number): Promise<void> {
  const component = await db.selectFrom('components').select('id').where('build_id', '=', buildId).where('asin', '=', product).executeTakeFirstOrThrow();
  await db.insertInto('component_daily_clicks').values({ component_id: component.id, build_id: buildId, product, name: `Parte ${product}`, day, clicks: count }).execute();
  await db.insertInto('build_daily_stats').values({ build_id: buildId, day, views: count * 25, component_clicks: count }).execute();
}

export async function seedCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const own = await build(db, 'pc-gaming-tag-proprio', 'PC gaming con tag proprio', OWN_TAG, 'published', [ASIN.ownCpu]);
  const sharedA = await build(db, 'pc-ufficio', 'PC ufficio', null, 'published', [ASIN.shared, ASIN.equal]);
  const sharedB = await build(db, 'pc-studio', 'PC studio', DEFAULT_TAG, 'published', [ASIN.shared, ASIN.equal]);
  // A draft holding a product gets no share: no visitor reached it.
  const draft = await build(db, 'pc-bozza', 'PC bozza', null, 'draft', [ASIN.equal]);
  // 3 clicks on sharedA, 1 on sharedB, in the 30 days before the sale: 75 % / 25 %.
  await clicks(db, sharedA, ASIN.shared, '2026-10-02', 3);
  await clicks(db, sharedB, ASIN.shared, '2026-10-01', 1);
  return { own, sharedA, sharedB, draft };
}

export const FORMULA_NAME = '=HYPERLINK("http://example.invalid/x","clic")';

/**
 * October's sales. Sum of Ad Fees: 4.50 + 1.20 + 10.00 + 3.01 + 0.99 − 0.50 = 19.20 €.
 * - own: 4.50 + 1.20 = 5.70 € 'esatto' (its tag, whatever the product)
 * - sharedA: 7.50 (75 % of 10.00) + 1.51 (half of 3.01, the odd cent first) − 0.38 (75 % of −0.50) = 8.63 € 'stimato'
 * - sharedB: 2.50 + 1.50 − 0.12 = 3.88 € 'stimato'
 * - not attributed: 0.99 €
 */
export const OCTOBER: Sale[] = [
  { name: 'Processore Ryzen', asin: ASIN.ownCpu, tracking: OWN_TAG, day: '2026-10-03', price: 150, items: 1, returns: 0, revenue: 150, fees: 4.5 },
  { name: 'Mouse, senza fili', asin: ASIN.other, tracking: OWN_TAG, day: '2026-10-04', price: 20, items: 2, returns: 0, revenue: 40, fees: 1.2 },
  { name: 'Scheda video "RTX"', asin: ASIN.shared, tracking: DEFAULT_TAG, day: '2026-10-05', price: 333.33, items: 1, returns: 0, revenue: 333.33, fees: 10, device: 'PHONE', direct: 'N' },
  { name: 'SSD 1 TB', asin: ASIN.equal, tracking: DEFAULT_TAG, day: '2026-10-06', price: 100.33, items: 1, returns: 0, revenue: 100.33, fees: 3.01 },
  { name: FORMULA_NAME, asin: ASIN.nobody, tracking: DEFAULT_TAG, day: '2026-10-07', price: 33, items: 1, returns: 0, revenue: 33, fees: 0.99 },
  { name: 'Scheda video "RTX"', asin: ASIN.shared, tracking: DEFAULT_TAG, day: '2026-10-08', price: 16.67, items: 0, returns: 1, revenue: -16.67, fees: -0.5 },
];
export const OCTOBER_PERIOD = { from: '2026-10-01', to: '2026-10-31' };

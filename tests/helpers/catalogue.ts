/**
 * Many published builds at once, written straight into the database (the admin API takes one build per
 * request: thousands would take minutes). Each build gets two priced components, so its total and count
 * are known. The caller tells the page cache (services.events.emitChange) if pages are rendered after.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/tables';

export interface CatalogueBuild {
  title: string;
  category: string;
  /** Euro. */
  budget: number;
  status?: 'published' | 'draft';
  /** ISO date; builds listed newest first. */
  publishedAt: string;
}

export interface InsertedBuild extends CatalogueBuild {
  id: number;
  slug: string;
  /** Euro, the sum of the two components. */
  total: number;
}

const CHUNK = 250;

export async function insertBuilds(db: Kysely<Database>, builds: CatalogueBuild[]): Promise<InsertedBuild[]> {
  const inserted: InsertedBuild[] = [];
  for (let start = 0; start < builds.length; start += CHUNK) {
    const chunk = builds.slice(start, start + CHUNK);
    const rows = await db
      .insertInto('builds')
      .values(
        chunk.map((build, index) => ({
          slug: `catalogo-${start + index}-${build.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
          title: build.title,
          description: `Descrizione di ${build.title}`,
          content: `## ${build.title}`,
          category: build.category,
          budget_cents: build.budget * 100,
          status: build.status ?? 'published',
          meta_title: null,
          meta_description: null,
          affiliate_tag: null,
          featured_image: null,
          published_at: build.status === 'draft' ? null : build.publishedAt,
          created_at: build.publishedAt,
          updated_at: build.publishedAt,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const components = rows.flatMap((row, index) => {
      const cpu = 100 + ((start + index) % 50);
      return [
        { build_id: row.id, type: 'CPU', name: `CPU ${start + index}`, price_cents: cpu * 100, position: 0, created_at: chunk[index]!.publishedAt, updated_at: chunk[index]!.publishedAt, brand: null, model: null, specs: null, amazon_link: null, asin: null, replacement_reason: null, price_source: 'manual', price_updated_at: chunk[index]!.publishedAt, availability: null, availability_checked_at: null, tier: null },
        { build_id: row.id, type: 'GPU', name: `GPU ${start + index}`, price_cents: 30_000, position: 1, created_at: chunk[index]!.publishedAt, updated_at: chunk[index]!.publishedAt, brand: null, model: null, specs: null, amazon_link: null, asin: null, replacement_reason: null, price_source: 'manual', price_updated_at: chunk[index]!.publishedAt, availability: null, availability_checked_at: null, tier: null },
      ];
    });
    await db.insertInto('components').values(components).execute();
    rows.forEach((row, index) => inserted.push({ ...chunk[index]!, id: row.id, slug: row.slug, total: 100 + ((start + index) % 50) + 300 }));
  }
  return inserted;
}

/** `count` published builds, one minute apart, the first the newest; categories and budgets cycle. */
export function catalogue(count: number, options: { from?: Date; categories?: string[]; budgets?: number[]; prefix?: string } = {}): CatalogueBuild[] {
  const from = options.from ?? new Date('2026-11-01T12:00:00.000Z');
  const categories = options.categories ?? ['gaming'];
  const budgets = options.budgets ?? [1000];
  return Array.from({ length: count }, (_, index) => ({
    title: `${options.prefix ?? 'Build'} ${String(index + 1).padStart(4, '0')}`,
    category: categories[index % categories.length]!,
    budget: budgets[index % budgets.length]!,
    publishedAt: new Date(from.getTime() - index * 60_000).toISOString(),
  }));
}

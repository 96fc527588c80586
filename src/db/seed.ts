/** Demo content for an empty database, so a fresh install shows a complete site. */
import type { Kysely } from 'kysely';
import { productUrl } from '../common/asin';
import { euroToCents } from '../common/money';
import { slugify } from '../common/slug';
import { type NewAlternative, newAlternativeRow } from './alternative-row';
import { rebuildSearchIndex } from './build-search-index';
import type { Database, NewComponentRow } from './tables';
import { demoAlternativeCategories, demoBuilds, demoProductAlternatives, demoSynonymGroups, type SeedAlternative, type SeedComponent } from './seed-data';

const DAY_MS = 86_400_000;

/** Demo components (prices in euros, manual prices taken now) as the rows of build `buildId`, in order. */
export function demoComponentRows(buildId: number, components: readonly SeedComponent[], nowIso: string): NewComponentRow[] {
  return components.map((component, position) => ({
    build_id: buildId,
    type: component.type,
    name: component.name,
    brand: component.brand,
    model: component.model,
    specs: component.specs,
    price_cents: euroToCents(component.price),
    // Without a tag: the public pages add the build's.
    amazon_link: productUrl(component.asin),
    asin: component.asin,
    position,
    price_source: 'manual',
    price_updated_at: nowIso,
    created_at: nowIso,
    updated_at: nowIso,
  }));
}

/** A demo alternative (price in euros) as the fields of a new row. */
function demoAlternative(alternative: SeedAlternative): NewAlternative {
  return { asin: alternative.asin, name: alternative.name, priceCents: euroToCents(alternative.price), priority: alternative.priority };
}

export async function hasAnyBuild(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('builds').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts the demo builds and alternatives in one transaction. Returns false if builds already exist. */
export async function seedDemoContent(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await hasAnyBuild(trx)) return false;
    const nowIso = now.toISOString();
    for (const build of demoBuilds) {
      const publishedAt = build.publishedDaysAgo === null ? null : new Date(now.getTime() - build.publishedDaysAgo * DAY_MS).toISOString();
      const { id } = await trx
        .insertInto('builds')
        .values({
          slug: slugify(build.title),
          title: build.title,
          description: build.description,
          content: build.content,
          category: build.category,
          budget_cents: euroToCents(build.budget),
          status: build.status,
          views: build.views,
          meta_title: build.meta_title,
          meta_description: build.meta_description,
          published_at: publishedAt,
          created_at: publishedAt ?? nowIso,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('components').values(demoComponentRows(id, build.components, nowIso)).execute();
    }
    for (const category of demoAlternativeCategories) {
      const { id } = await trx
        .insertInto('alternative_categories')
        .values({ name: category.name, description: category.description, component_type: category.component_type, created_at: nowIso, updated_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('alternatives')
        .values(
          category.alternatives.map((alternative) => newAlternativeRow(demoAlternative(alternative), { original_asin: null, category_id: id }, nowIso)),
        )
        .execute();
    }
    if (demoProductAlternatives.length > 0) {
      await trx
        .insertInto('alternatives')
        .values(
          demoProductAlternatives.map((alternative) =>
            newAlternativeRow(demoAlternative(alternative), { original_asin: alternative.originalAsin, category_id: null }, nowIso),
          ),
        )
        .execute();
    }
    // The author's first synonyms of the site search (decision 041), editable in the admin.
    if ((await trx.selectFrom('search_synonyms').select('id').limit(1).executeTakeFirst()) === undefined) {
      await trx
        .insertInto('search_synonyms')
        .values(demoSynonymGroups.map((phrases) => ({ phrases, created_at: nowIso, updated_at: nowIso })))
        .execute();
    }
    // The site search finds the demo builds at once, by their parts and the alternatives they offer (decisions 033, 041).
    await rebuildSearchIndex(trx);
    return true;
  });
}

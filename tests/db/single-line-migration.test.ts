/**
 * Migration 0023 on a database holding rows written before the write paths normalised single-line text:
 * every single-line field with "\r\n" (or a tab, a C1 control, a line separator) comes out on one line,
 * the multi-line ones (article, description, specs, snapshots) keep their breaks, `updated_at` stays, and
 * the search index is still in step (a rebuild after it writes the very same entries). On the database of
 * the run (SQLite or PostgreSQL).
 */
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LINE_BREAKING_RUN } from '../../src/common/single-line';
import { parseDatabaseUrl } from '../../src/config/env';
import { rebuildSearchIndex } from '../../src/db/build-search-index';
import { openDatabase } from '../../src/db/connection';
import { migrations } from '../../src/db/migrations';
import { LINE_BREAKING_RUN_0023 } from '../../src/db/migrations/0023-single-line-text';
import { createTestDatabase, testDialect } from '../helpers/test-database';

const AT = '2026-11-01T10:00:00.000Z';

/** What the search index holds, comparable across a rebuild. */
async function searchEntries(db: Kysely<any>): Promise<unknown[]> {
  if (testDialect === 'postgres') {
    return (await sql<{ id: number; document: string; head: string }>`SELECT build_id AS id, document::text AS document, head::text AS head FROM build_search ORDER BY build_id`.execute(db)).rows;
  }
  return (await sql<{ id: number }>`SELECT rowid AS id, title, description, body FROM build_search ORDER BY rowid`.execute(db)).rows;
}

describe(`migration 0023 (${testDialect})`, () => {
  it('holds the same pattern as common/single-line.ts (migrations never import application code)', () => {
    expect(LINE_BREAKING_RUN_0023.source).toBe(LINE_BREAKING_RUN.source);
    expect(LINE_BREAKING_RUN_0023.flags).toBe(LINE_BREAKING_RUN.flags);
  });

  it('puts every single-line field of the stored rows on one line, keeps the multi-line ones, and the search index stays in step', async () => {
    const testDb = await createTestDatabase();
    const database = openDatabase(parseDatabaseUrl(testDb.url));
    try {
      const { dialect } = database;
      const db = database.db as Kysely<any>;
      const index = migrations.findIndex((migration) => migration.name === '0023-single-line-text');
      for (const migration of migrations.slice(0, index)) await migration.up(db, dialect);

      const build = {
        slug: 'vecchia',
        title: 'PC da\r\ngaming\u2028 2026 ',
        description: 'Prima riga\r\nseconda riga',
        content: '# Titolo\r\n\r\nParagrafo',
        status: 'published',
        views: 3,
        meta_title: '\r\n\t',
        meta_description: 'Una\ndescrizione\u0085breve',
        created_at: AT,
        updated_at: AT,
      };
      const { id: buildId } = await db.insertInto('builds').values(build).returning('id').executeTakeFirstOrThrow();
      const clean = { ...build, slug: 'pulita', title: 'PC pulito', description: 'Nulla da cambiare', meta_title: null, meta_description: null };
      const { id: cleanId } = await db.insertInto('builds').values(clean).returning('id').executeTakeFirstOrThrow();
      const { id: componentId } = await db
        .insertInto('components')
        .values({
          build_id: buildId,
          type: 'CPU\r\n',
          name: 'AMD Ryzen 7\r\n7800X3D',
          brand: ' \r\n ',
          model: '7800X3D\t(box)',
          specs: '8 core\r\n16 thread',
          position: 0,
          is_replaced: 0,
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: categoryId } = await db
        .insertInto('alternative_categories')
        .values({ name: 'Processori\r\nAM5', description: 'Riga uno\r\nriga due', created_at: AT, updated_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('alternatives')
        .values({ category_id: categoryId, alternative_asin: 'B0BMQJWBDM', alternative_name: 'Ryzen\r\n9', priority: 1, created_at: AT, updated_at: AT })
        .execute();
      await db
        .insertInto('replacements')
        .values({
          build_id: buildId,
          component_id: componentId,
          original_type: 'CPU',
          original_name: 'Vecchio\r\nprocessore',
          original_brand: 'Intel\n',
          original_model: '\r\n',
          original_specs: 'a\r\nb',
          original_position: 0,
          created_at: AT,
        })
        .execute();
      const snapshot = JSON.stringify({ build: { title: 'PC da\r\ngaming' }, components: [] });
      await db.insertInto('build_revisions').values({ build_id: buildId, created_at: AT, title: 'PC da\r\ngaming', reason: 'Salvataggio', author: 'admin', snapshot }).execute();
      await db.insertInto('deleted_builds').values({ build_id: 999, slug: 'andata', title: 'Build\r\neliminata', deleted_at: AT }).execute();
      await db
        .insertInto('build_daily_choices')
        .values({ build_id: buildId, day: '2026-11-01', kind: 'owned', component_id: componentId, product: 'B0BMQJWBDM', name: 'AMD Ryzen 7\r\n7800X3D', count: 2 })
        .execute();
      await db
        .insertInto('component_daily_clicks')
        .values([
          { component_id: componentId, build_id: buildId, product: 'B0BMQJWBDM', name: 'AMD Ryzen 7\r\n7800X3D', day: '2026-11-01', clicks: 1 },
          { component_id: componentId, build_id: buildId, product: 'B0BMQJWBDN', name: null, day: '2026-11-01', clicks: 1 },
        ])
        .execute();
      // The index as a live site has it: made from the rows as they were stored.
      await rebuildSearchIndex(db, { vocabulary: false });
      const indexed = await searchEntries(db);
      expect(indexed).toHaveLength(2);

      await migrations[index]!.up(db, dialect);

      expect(await db.selectFrom('builds').select(['id', 'title', 'description', 'content', 'meta_title', 'meta_description', 'updated_at']).orderBy('id').execute()).toEqual([
        {
          id: buildId,
          title: 'PC da gaming 2026',
          description: 'Prima riga\r\nseconda riga',
          content: '# Titolo\r\n\r\nParagrafo',
          meta_title: null,
          meta_description: 'Una descrizione breve',
          updated_at: AT,
        },
        { id: cleanId, title: 'PC pulito', description: 'Nulla da cambiare', content: clean.content, meta_title: null, meta_description: null, updated_at: AT },
      ]);
      expect(await db.selectFrom('components').select(['type', 'name', 'brand', 'model', 'specs', 'updated_at']).execute()).toEqual([
        { type: 'CPU', name: 'AMD Ryzen 7 7800X3D', brand: null, model: '7800X3D (box)', specs: '8 core\r\n16 thread', updated_at: AT },
      ]);
      expect(await db.selectFrom('alternative_categories').select(['name', 'description']).execute()).toEqual([{ name: 'Processori AM5', description: 'Riga uno\r\nriga due' }]);
      expect(await db.selectFrom('alternatives').select('alternative_name').execute()).toEqual([{ alternative_name: 'Ryzen 9' }]);
      expect(await db.selectFrom('replacements').select(['original_name', 'original_brand', 'original_model', 'original_specs']).execute()).toEqual([
        { original_name: 'Vecchio processore', original_brand: 'Intel', original_model: null, original_specs: 'a\r\nb' },
      ]);
      // The list's title is normalised; the snapshot is history, normalised when a restore reads it.
      expect(await db.selectFrom('build_revisions').select(['title', 'snapshot']).execute()).toEqual([{ title: 'PC da gaming', snapshot }]);
      expect(await db.selectFrom('deleted_builds').select('title').execute()).toEqual([{ title: 'Build eliminata' }]);
      expect(await db.selectFrom('build_daily_choices').select('name').execute()).toEqual([{ name: 'AMD Ryzen 7 7800X3D' }]);
      expect(await db.selectFrom('component_daily_clicks').select('name').orderBy('id').execute()).toEqual([{ name: 'AMD Ryzen 7 7800X3D' }, { name: null }]);

      // The index made before the migration is the one a rebuild makes after it: nothing to redo.
      await rebuildSearchIndex(db, { vocabulary: false });
      expect(await searchEntries(db)).toEqual(indexed);
    } finally {
      await database.destroy();
      await testDb.drop();
    }
  });
});

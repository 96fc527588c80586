/**
 * The backup's explicit table list against the migrated schema: every column of a backed-up table is
 * in its row schema (and no other), and every table is either backed up or deliberately left out. A
 * migration that adds a table or a column fails here until the backup has been told about it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { parseDatabaseUrl } from '../../src/config/env';
import { BACKUP_TABLES, columnsOf, NOT_BACKED_UP } from '../../src/modules/backup/backup.schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let testDb: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(parseDatabaseUrl(testDb.url));
  await migrateToLatest(database.db, database.dialect);
});

afterAll(async () => {
  await database?.destroy();
  await testDb?.drop();
});

describe('tables and columns of the backup', () => {
  it('every table of the schema is backed up or listed as left out on purpose', async () => {
    const tables = (await database.db.introspection.getTables()).map((table) => table.name).sort();
    const unaccounted = tables.filter((name) => !BACKUP_TABLES.some((table) => table.name === name) && !(name in NOT_BACKED_UP));
    expect(unaccounted, 'add them to BACKUP_TABLES or NOT_BACKED_UP in src/modules/backup/backup.schema.ts').toEqual([]);
    for (const table of BACKUP_TABLES) expect(tables).toContain(table.name);
  });

  it.each(BACKUP_TABLES.map((table) => [table.name, table] as const))('%s: the row schema has exactly the columns of the table', async (name, table) => {
    const meta = (await database.db.introspection.getTables()).find((candidate) => candidate.name === name)!;
    expect(columnsOf(table).sort()).toEqual(meta.columns.map((column) => column.name).sort());
    // A column the database may leave empty is nullable in the schema, and the reverse.
    for (const column of meta.columns) {
      const accepted = table.row.shape[column.name]!.safeParse(null).success;
      expect(accepted, `${name}.${column.name} nullable`).toBe(column.isNullable && column.name !== 'id');
    }
  });
});

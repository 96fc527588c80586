/**
 * Restore rules on the real databases: an empty target or --force, one transaction (a bad archive
 * writes nothing, not even images), archives from older schemas accepted and from newer ones refused,
 * ids kept and id sequences continuing after them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/common/errors';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoContent } from '../../src/db/seed';
import { createBackup, INTERRUPTED_RUN_ERROR, restoreBackup } from '../../src/modules/backup';
import { buildInputSchema } from '../../src/modules/builds/builds.schema';
import { systemClock } from '../../src/modules/clock';
import { createUploadStorage } from '../../src/modules/media';
import { createServices } from '../../src/modules/services';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { ADMIN, createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { type TestDialect, testDialect } from '../helpers/test-database';
import { createEmptySite, dumpTables, fillSite, readImages, type Site, temporaryDirectory } from './backup-fixtures';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const cleanups: (() => unknown)[] = [];
let fake: FakeCreatorsApi;
let source: TestContext;
let dir: string;
/** Content and accounts of the source site. */
let withUsers: string;
/** Content only. */
let contentOnly: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  cleanups.push(() => fake.close());
  dir = temporaryDirectory(cleanups);
  source = await createTestContext({ ...retailerEnv(fake), UPLOAD_DIR: join(dir, 'source-uploads') });
  cleanups.push(() => source.close());
  await fillSite(source, fake);
  const deps = {
    db: source.database.db,
    dialect: source.database.dialect,
    storage: createUploadStorage({ config: source.config, db: source.database.db }),
    clock: systemClock,
  };
  withUsers = join(dir, 'with-users.ndjson.gz');
  contentOnly = join(dir, 'content.ndjson.gz');
  await createBackup(deps, withUsers, { withUsers: true });
  await createBackup(deps, contentOnly, { withUsers: false });
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyTarget(dialect: TestDialect = testDialect): Promise<Site> {
  const site = await createEmptySite(dialect, cleanups);
  await migrateToLatest(site.database.db, site.database.dialect);
  return site;
}

function restore(site: Site, archive: string, force = false) {
  return restoreBackup({ db: site.database.db, dialect: site.database.dialect, storage: site.storage, clock: systemClock }, archive, { force });
}

async function expectRefused(promise: Promise<unknown>, message: RegExp | string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isAppError(error), String(error)).toBe(true);
  if (typeof message === 'string') expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
}

const buildInput = (overrides: Record<string, unknown>) => buildInputSchema.parse(sampleBuild(overrides));

const CONTENT_TABLES = [
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
];
const contentOf = (dump: Record<string, unknown[]>) => Object.fromEntries(CONTENT_TABLES.map((table) => [table, dump[table]]));

describe('restore onto a database that is not empty', () => {
  it('is refused with one Italian line naming what is there, and nothing is written (rows or images)', async () => {
    const target = await emptyTarget();
    await seedDemoContent(target.database.db);
    await createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST }).auth.ensureFirstAdmin(ADMIN);
    const before = await dumpTables(target.database.db);

    await expectRefused(
      restore(target, withUsers),
      'Il database di destinazione non è vuoto (1 utente, 7 build, 55 componenti, 2 gruppi di alternative, 13 alternative, 6 gruppi di sinonimi): ' +
        'per sostituirne il contenuto con quello del backup rilancia con --force',
    );
    expect(await dumpTables(target.database.db)).toEqual(before);
    expect((await readImages(target.storage)).size).toBe(0);
  });

  it('--force replaces the content in one go; without accounts in the archive the target keeps its own admin', async () => {
    const target = await emptyTarget();
    await seedDemoContent(target.database.db);
    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    const otherAdmin = { username: 'redazione', password: 'Altr0!Segreto#2026' };
    await services.auth.ensureFirstAdmin(otherAdmin);
    await services.builds.create(buildInput({ title: 'Solo nella destinazione' }));

    const summary = await restore(target, contentOnly, true);
    expect(summary.usersRestored).toBe(false);
    const restored = await dumpTables(target.database.db);
    expect(contentOf(restored)).toEqual(contentOf(await dumpTables(source.database.db)));
    expect(restored.users).toMatchObject([{ username: 'redazione' }]);
    // Visitors' addresses are personal data: only an archive made --with-users carries their alerts.
    expect((await dumpTables(source.database.db)).price_alerts!.length).toBeGreaterThan(0);
    expect(restored.price_alerts).toEqual([]);
    expect(await services.auth.login({ ...otherAdmin, ip: '198.51.100.20', userAgent: null })).toMatchObject({ user: { username: 'redazione' } });
  });

  it('--force with an archive that has the accounts replaces them too: the source admin signs in, the old one does not', async () => {
    const target = await emptyTarget();
    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    const otherAdmin = { username: 'redazione', password: 'Altr0!Segreto#2026' };
    await services.auth.ensureFirstAdmin(otherAdmin);

    await restore(target, withUsers, true);
    expect(await dumpTables(target.database.db)).toEqual(await dumpTables(source.database.db));
    await expect(services.auth.login({ ...otherAdmin, ip: '198.51.100.21', userAgent: null })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await services.auth.login({ ...ADMIN, ip: '198.51.100.21', userAgent: null })).toMatchObject({ user: { username: 'admin' } });
  });
});

/** A copy of the archive with its decompressed lines changed by `edit`. */
function tampered(name: string, edit: (lines: string[]) => string[], compress = true): string {
  const lines = gunzipSync(readFileSync(withUsers)).toString('utf8').trimEnd().split('\n');
  const text = `${edit(lines).join('\n')}\n`;
  const file = join(dir, name);
  writeFileSync(file, compress ? gzipSync(text) : text);
  return file;
}

/** Edits the first row line of `table` (its JSON object). */
function editRow(table: string, change: (row: Record<string, any>) => void) {
  return (lines: string[]) => {
    const index = lines.findIndex((line) => line.includes(`"table":"${table}"`));
    const record = JSON.parse(lines[index]!);
    change(record.row);
    return lines.map((line, i) => (i === index ? JSON.stringify(record) : line));
  };
}

const lineOf = (table: string) => {
  const lines = gunzipSync(readFileSync(withUsers)).toString('utf8').split('\n');
  return lines.findIndex((line) => line.includes(`"table":"${table}"`)) + 1;
};

describe('a damaged archive restores nothing', () => {
  // The expected message is computed when the test runs (the archive exists only then).
  const cases: [string, () => string, RegExp | (() => RegExp)][] = [
    [
      'cut in the middle (truncated download)',
      () => {
        const bytes = readFileSync(withUsers);
        const file = join(dir, 'truncated.gz');
        writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
        return file;
      },
      /^Archivio illeggibile: il file è troncato o non è un backup compresso con gzip \(unexpected end of file\)$/,
    ],
    ['not gzip at all', () => tampered('plain.ndjson', (lines) => lines, false), /^Archivio illeggibile: .*\(incorrect header check\)$/],
    ['missing its final record', () => tampered('no-end.gz', (lines) => lines.slice(0, -1)), /^Archivio incompleto: manca il record finale \(il file è troncato\)$/],
    ['missing rows the final record counts', () => tampered('missing-row.gz', (lines) => lines.filter((_, i) => i !== lines.length - 2)), /il record finale dichiara (1 riga|[\d.]+ righe) di deal_posts, l'archivio ne contiene [\d.]+$/],
    ['with data after the final record', () => tampered('after-end.gz', (lines) => [...lines, lines[1]!]), /alla riga \d+: dati dopo il record finale$/],
    ['with a line that is not JSON', () => tampered('not-json.gz', (lines) => [lines[0]!, '{"kind":"row",', ...lines.slice(1)]), /^Archivio non valido alla riga 2: non è JSON valido$/],
    [
      'with a component of a build that is not in it',
      () => tampered('orphan.gz', editRow('components', (row) => (row.build_id = 9999))),
      () => new RegExp(`^Archivio non valido alla riga ${lineOf('components')} \\(tabella components, id \\d+\\): build_id = 9999 non corrisponde a nessuna riga di builds nell'archivio$`),
    ],
    [
      'with a slug longer than PostgreSQL accepts',
      () => tampered('long-slug.gz', editRow('builds', (row) => (row.slug = 'x'.repeat(121)))),
      () => new RegExp(`^Archivio non valido alla riga ${lineOf('builds')} \\(tabella builds, id 1\\): campo "slug": più lungo di 120 caratteri$`),
    ],
    ['with a column this version does not know', () => tampered('unknown-column.gz', editRow('builds', (row) => (row.colour = 'blu'))), /\(tabella builds, id 1\): campo sconosciuto "colour"$/],
    ['with a price that is not a number', () => tampered('bad-price.gz', editRow('components', (row) => (row.price_cents = '12,50'))), /campo "price_cents": .+/],
    [
      'with an image whose bytes were altered',
      () =>
        tampered('bad-image.gz', (lines) =>
          lines.map((line) => {
            if (!line.startsWith('{"kind":"image"')) return line;
            const image = JSON.parse(line);
            image.data = `${image.data.slice(0, 100)}AAAA${image.data.slice(104)}`;
            return JSON.stringify(image);
          }),
        ),
      /^Archivio non valido alla riga 2 \(immagine [a-f0-9]{64}-\d+\.webp\): il contenuto non corrisponde alla sua dimensione e al suo sha256$/,
    ],
    [
      'from a newer version of the application (unknown migration)',
      () =>
        tampered('newer-schema.gz', (lines) => {
          const manifest = JSON.parse(lines[0]!);
          manifest.migrations.push('0099-futuro');
          return [JSON.stringify(manifest), ...lines.slice(1)];
        }),
      /^L'archivio viene da una versione più recente di Build PC \(migrazioni sconosciute: 0099-futuro\): aggiorna l'applicazione prima di ripristinarlo$/,
    ],
    [
      'in a newer archive format',
      () =>
        tampered('newer-format.gz', (lines) => {
          const manifest = JSON.parse(lines[0]!);
          manifest.version = 2;
          return [JSON.stringify(manifest), ...lines.slice(1)];
        }),
      /^Archivio in un formato più recente \(versione 2\)/,
    ],
    ['that is some other JSON file', () => tampered('other.gz', () => ['{"name":"build-pc","version":"0.1.0"}']), /^Archivio non valido alla riga 1: manca l'intestazione del backup/],
  ];

  it.each(cases)('%s: refused with a message naming the problem; no row and no image written', async (_name, make, message) => {
    const target = await emptyTarget();
    await expectRefused(restore(target, make()), typeof message === 'function' ? message() : message);
    const dump = await dumpTables(target.database.db);
    for (const [table, rows] of Object.entries(dump)) expect(rows, table).toEqual([]);
    expect((await readImages(target.storage)).size).toBe(0);
  });

  it('a row the database itself refuses (a repeated slug) rolls back every row already inserted', async () => {
    const archive = tampered('duplicate-slug.gz', (lines) => {
      const builds = lines.map((line, i) => [line, i] as const).filter(([line]) => line.includes('"table":"builds"'));
      const first = JSON.parse(builds[0]![0]);
      const last = JSON.parse(builds.at(-1)![0]);
      last.row.slug = first.row.slug;
      return lines.map((line, i) => (i === builds.at(-1)![1] ? JSON.stringify(last) : line));
    });
    const target = await emptyTarget();
    await expect(restore(target, archive)).rejects.toThrow();
    const dump = await dumpTables(target.database.db);
    for (const [table, rows] of Object.entries(dump)) expect(rows, table).toEqual([]);
  });
});

describe('schemas and ids', () => {
  it('accepts an archive from an older schema (before the job tables)', async () => {
    const archive = tampered('older.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!);
      manifest.migrations = ['0001-initial'];
      manifest.tables = manifest.tables.filter((table: string) => table !== 'job_runs');
      const end = JSON.parse(lines.at(-1)!);
      delete end.rows.job_runs;
      return [JSON.stringify(manifest), ...lines.slice(1, -1).filter((line) => !line.includes('"table":"job_runs"')), JSON.stringify(end)];
    });
    const target = await emptyTarget();
    const summary = await restore(target, archive);
    expect(summary.rows.get('builds')).toBe(8);
    const dump = await dumpTables(target.database.db);
    expect(dump.builds).toEqual((await dumpTables(source.database.db)).builds);
    expect(dump.job_runs).toEqual([]);
  });

  it('accepts an archive from before scheduled publishing (builds without publish_at)', async () => {
    const archive = tampered('before-0010.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!);
      manifest.migrations = manifest.migrations.filter((name: string) => name !== '0010-scheduled-publishing');
      const rows = lines.slice(1, -1).map((line) => {
        if (!line.includes('"table":"builds"')) return line;
        const record = JSON.parse(line);
        // Before 0010 there was no 'scheduled' status either.
        if (record.row.status === 'scheduled') record.row.status = 'draft';
        delete record.row.publish_at;
        return JSON.stringify(record);
      });
      return [JSON.stringify(manifest), ...rows, lines.at(-1)!];
    });
    const target = await emptyTarget();
    await restore(target, archive);
    const builds = await target.database.db.selectFrom('builds').select(['status', 'publish_at']).execute();
    expect(builds).toHaveLength(8);
    expect(builds.every((row) => row.publish_at === null && row.status !== 'scheduled')).toBe(true);
  });

  it("accepts an archive from before kept analytics (migration 0015): click rows get their component's product", async () => {
    const LATER = ['deleted_builds'];
    const archive = tampered('before-0015.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!);
      manifest.migrations = manifest.migrations.filter((name: string) => name !== '0015-analytics-outlive-builds');
      manifest.tables = manifest.tables.filter((table: string) => !LATER.includes(table));
      const end = JSON.parse(lines.at(-1)!);
      const rows = lines.slice(1, -1).flatMap((line) => {
        const record = JSON.parse(line);
        if (record.kind !== 'row') return [line];
        // Before 0015 a deleted build left no rows, and click rows had no product.
        if (LATER.includes(record.table) || (['build_daily_stats', 'component_daily_clicks'].includes(record.table) && record.row.build_id === null)) {
          end.rows[record.table] -= 1;
          return [];
        }
        if (record.table === 'build_daily_stats') delete record.row.deleted_build_id;
        if (record.table === 'component_daily_clicks') {
          delete record.row.product;
          delete record.row.name;
        }
        return [JSON.stringify(record)];
      });
      for (const table of LATER) delete end.rows[table];
      return [JSON.stringify(manifest), ...rows, JSON.stringify(end)];
    });
    const target = await emptyTarget();
    await restore(target, archive);
    const clicks = (db: Site['database']['db']) =>
      db.selectFrom('component_daily_clicks').select(['id', 'component_id', 'product', 'name', 'clicks']).where('build_id', 'is not', null).orderBy('id').execute();
    const restored = await clicks(target.database.db);
    expect(restored.length).toBeGreaterThan(0);
    expect(restored).toEqual(await clicks(source.database.db));
    expect(restored.every((row) => row.product !== null && row.name !== null)).toBe(true);
    expect(await target.database.db.selectFrom('deleted_builds').selectAll().execute()).toEqual([]);
  });

  it('accepts an archive from before the visitors\' choices (migration 0018): no choices, no personalised visits', async () => {
    const archive = tampered('before-0018.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!);
      manifest.migrations = manifest.migrations.filter((name: string) => name !== '0018-personalization-choices');
      manifest.tables = manifest.tables.filter((table: string) => table !== 'build_daily_choices');
      const end = JSON.parse(lines.at(-1)!);
      delete end.rows.build_daily_choices;
      const rows = lines.slice(1, -1).flatMap((line) => {
        const record = JSON.parse(line);
        if (record.kind !== 'row') return [line];
        if (record.table === 'build_daily_choices') return [];
        if (record.table === 'build_daily_stats') delete record.row.personalized_views;
        return [JSON.stringify(record)];
      });
      return [JSON.stringify(manifest), ...rows, JSON.stringify(end)];
    });
    const sourceStats = await source.database.db.selectFrom('build_daily_stats').select(['id', 'views', 'personalized_views']).orderBy('id').execute();
    expect(sourceStats.some((row) => Number(row.personalized_views) > 0), 'the fixture has a personalised visit').toBe(true);
    const target = await emptyTarget();
    await restore(target, archive);
    const restored = await target.database.db.selectFrom('build_daily_stats').select(['id', 'views', 'personalized_views']).orderBy('id').execute();
    expect(restored).toEqual(sourceStats.map((row) => ({ ...row, personalized_views: 0 })));
    expect(await target.database.db.selectFrom('build_daily_choices').selectAll().execute()).toEqual([]);
  });

  it.each(['sqlite', 'postgres'] as const)('on %s, new rows after a restore get fresh ids after the restored ones', async (dialect) => {
    const target = await emptyTarget(dialect);
    await restore(target, withUsers);
    const restored = await dumpTables(target.database.db);
    const maxId = (table: string) => Math.max(...restored[table]!.map((row: any) => row.id as number));

    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    const created = await services.builds.create(buildInput({ title: 'Nuova dopo il ripristino', components: [] }));
    expect(created.id).toBe(maxId('builds') + 1);
    const updated = await services.builds.update(created.id, buildInput({ title: 'Nuova dopo il ripristino', components: [{ type: 'CPU', name: 'Processore' }] }));
    expect(updated.components[0]!.id).toBe(maxId('components') + 1);
    const { token } = await services.auth.login({ ...ADMIN, ip: '198.51.100.30', userAgent: null });
    expect(token).toBeTruthy();
    const sessions = await target.database.db.selectFrom('sessions').select('id').orderBy('id').execute();
    expect(sessions.at(-1)!.id).toBe(maxId('sessions') + 1);
  });

  it('a price run recorded as running in the archive is closed as interrupted', async () => {
    const archive = tampered('running.gz', (lines) => {
      const index = lines.findIndex((line) => line.includes('"table":"job_runs"'));
      const record = JSON.parse(lines[index]!);
      Object.assign(record.row, { status: 'running', finished_at: null });
      return lines.map((line, i) => (i === index ? JSON.stringify(record) : line));
    });
    const target = await emptyTarget();
    await restore(target, archive);
    const runs = await target.database.db.selectFrom('job_runs').selectAll().orderBy('id').execute();
    expect(runs[0]).toMatchObject({ status: 'failed', error: INTERRUPTED_RUN_ERROR });
    expect(runs[0]!.finished_at).not.toBeNull();
    expect(runs.filter((run) => run.status === 'running')).toEqual([]);
  });
});

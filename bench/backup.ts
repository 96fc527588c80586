/**
 * Backup and restore benchmark (`npm run bench:backup`, see bench/README-backup.md).
 *
 * For each dataset (the demo site of src/db/seed.ts; N builds made with the builds service plus M
 * uploaded images) and each database (SQLite, PostgreSQL at TEST_POSTGRES_URL): builds the source site
 * (not measured), then times `createBackup` (the code behind `npm run backup`) and `restoreBackup`
 * (behind `npm run restore`: check pass, migrations, images, one transaction of rows) into a new empty
 * database of the same kind and of the other kind; these in-process times leave out node's start-up.
 * Then runs `npm run backup` and `npm run restore` themselves as child processes under GNU time, for
 * the operator's wall time and the peak resident memory. Prints archive sizes and times.
 *
 *   npx tsx bench/backup.ts [--builds 3000] [--images 50] [--components 8] [--database sqlite|postgres]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { BUILD_CATEGORIES } from '../src/common/catalog';
import { type AppConfig, loadConfig } from '../src/config/env';
import { type DatabaseHandle, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoContent } from '../src/db/seed';
import { createBackup, restoreBackup } from '../src/modules/backup';
import { buildInputSchema } from '../src/modules/builds/builds.schema';
import { systemClock } from '../src/modules/clock';
import { createUploadStorage } from '../src/modules/media';
import { createServices } from '../src/modules/services';
import { createTestDatabase, type TestDialect } from '../tests/helpers/test-database';
import { positiveInteger } from './cli-args';

const TYPES = ['CPU', 'Cooler', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Case', 'Other', 'Other'];

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string' },
    images: { type: 'string' },
    components: { type: 'string' },
    database: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('npx tsx bench/backup.ts [--builds 3000] [--images 50] [--components 8] [--database sqlite|postgres]');
  process.exit(0);
}
const BUILDS = positiveInteger('builds', args.builds, 3000);
const IMAGES = positiveInteger('images', args.images, 50, 0);
const COMPONENTS = positiveInteger('components', args.components, 8);
const DIALECTS: TestDialect[] = args.database === 'sqlite' || args.database === 'postgres' ? [args.database] : ['sqlite', 'postgres'];

interface Site {
  config: AppConfig;
  database: DatabaseHandle;
  drop(): Promise<void>;
}

const workDir = mkdtempSync(join(tmpdir(), 'buildpc-bench-backup-'));
let siteCount = 0;

async function openSite(dialect: TestDialect): Promise<Site> {
  const testDb = await createTestDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: testDb.url, UPLOAD_DIR: join(workDir, `uploads-${++siteCount}`), LOG_REQUESTS: 'false' });
  const database = openDatabase(config.database);
  return {
    config,
    database,
    async drop() {
      await database.destroy();
      await testDb.drop();
    },
  };
}

const storageOf = (site: Site) => createUploadStorage({ config: site.config, db: site.database.db });

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

const TIME = '/usr/bin/time';
const CLI = fileURLToPath(new URL('../src/server/backup-cli.ts', import.meta.url));

/**
 * The command as the operator runs it, in its own process: wall time (node and tsx start-up included)
 * and peak resident memory (GNU time's %M), or null without /usr/bin/time.
 */
async function cliRun(args: string[], site: Site): Promise<{ s: number; maxRssMb: number } | null> {
  if (!existsSync(TIME)) return null;
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl(site.config), UPLOAD_DIR: site.config.uploads.dir, NODE_ENV: 'production' };
  const start = performance.now();
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(TIME, ['-f', 'MAXRSS_KB %M', process.execPath, '--import', 'tsx', CLI, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stderr: err }));
  });
  const rss = /MAXRSS_KB (\d+)/.exec(stderr);
  if (code !== 0 || !rss) throw new Error(`${args.join(' ')} failed (${code}): ${stderr}`);
  return { s: seconds(performance.now() - start), maxRssMb: Math.round(Number(rss[1]) / 1024) };
}

const databaseUrl = (config: AppConfig) => (config.database.dialect === 'sqlite' ? config.database.filename : config.database.connectionString);

async function fillLarge(site: Site) {
  const services = createServices({ db: site.database.db, config: site.config });
  const imageUrls: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    // Blurred noise: stored as WebP it weighs about what a photo does (~100 KB at 1600 px).
    const noise = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 140 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    const picture = await sharp(noise).blur(2).jpeg({ quality: 90 }).toBuffer();
    imageUrls.push((await services.media.saveUploadedImage(picture)).url);
  }
  const body = 'Un paragrafo di prova con **grassetto** e un [link](https://www.amazon.it/dp/B0BN000001).\n\n'.repeat(20);
  for (let b = 0; b < BUILDS; b++) {
    await services.builds.create(
      buildInputSchema.parse({
        title: `Build di prova numero ${b + 1}`,
        description: `Descrizione della build ${b + 1}, abbastanza lunga da somigliare a una vera.`,
        content: `## Build ${b + 1}\n\n${body}`,
        featured_image: imageUrls.length > 0 ? imageUrls[b % imageUrls.length] : null,
        budget: 500 + (b % 30) * 100,
        category: BUILD_CATEGORIES[b % BUILD_CATEGORIES.length],
        status: b % 10 === 0 ? 'draft' : 'published',
        components: Array.from({ length: COMPONENTS }, (_, p) => ({
          type: TYPES[p % TYPES.length],
          name: `Componente ${p + 1} della build ${b + 1}`,
          brand: 'Marca',
          model: `M-${p}`,
          specs: '8 core, 16 thread, 5,2 GHz',
          price: 49.9 + p * 10,
          amazon_link: `https://www.amazon.it/dp/B0BN${String((b * COMPONENTS + p) % 1_000_000).padStart(6, '0')}`,
        })),
      }),
    );
  }
}

interface Row {
  dataset: string;
  source: TestDialect;
  setupS: number;
  rows: number;
  images: number;
  archiveMb: number;
  backupS: number;
  /** `npm run backup` and `npm run restore` (into a new database of the same kind) as separate processes. */
  cli: { backupS: number; backupRssMb: number; restoreS: number; restoreRssMb: number } | null;
  /** `migrateS`: creating the schema in the new, empty target (restore runs it first; timed apart). */
  restore: { target: TestDialect; migrateS: number; s: number }[];
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;

async function runDataset(dataset: 'demo' | 'large', dialect: TestDialect): Promise<Row> {
  const source = await openSite(dialect);
  try {
    await migrateToLatest(source.database.db, source.database.dialect);
    const setupStart = performance.now();
    if (dataset === 'demo') await seedDemoContent(source.database.db);
    else await fillLarge(source);
    const setupS = seconds(performance.now() - setupStart);

    const archive = join(workDir, `${dataset}-${dialect}.ndjson.gz`);
    const backup = await measured(() =>
      createBackup({ db: source.database.db, dialect: source.database.dialect, storage: storageOf(source), clock: systemClock }, archive, { withUsers: true }),
    );
    const row: Row = {
      dataset: dataset === 'demo' ? 'demo site' : `${BUILDS} builds + ${IMAGES} uploads`,
      source: dialect,
      setupS,
      rows: [...backup.value.rows.values()].reduce((a, b) => a + b, 0),
      images: backup.value.images,
      archiveMb: Math.round((backup.value.bytes / 1_048_576) * 100) / 100,
      backupS: seconds(backup.ms),
      cli: null,
      restore: [],
    };
    for (const target of DIALECTS.includes(dialect === 'sqlite' ? 'postgres' : 'sqlite') ? [dialect, dialect === 'sqlite' ? 'postgres' : 'sqlite'] : [dialect]) {
      const site = await openSite(target as TestDialect);
      try {
        const migrateStart = performance.now();
        await migrateToLatest(site.database.db, site.database.dialect);
        const migrateS = seconds(performance.now() - migrateStart);
        const restore = await measured(() =>
          restoreBackup({ db: site.database.db, dialect: site.database.dialect, storage: storageOf(site), clock: systemClock }, archive, { force: false }),
        );
        row.restore.push({ target: target as TestDialect, migrateS, s: seconds(restore.ms) });
      } finally {
        await site.drop();
      }
    }
    const cliArchive = join(workDir, `${dataset}-${dialect}-cli.ndjson.gz`);
    const cliBackup = await cliRun(['backup', '--out', cliArchive, '--with-users'], source);
    const cliTarget = await openSite(dialect);
    try {
      const cliRestore = cliBackup && (await cliRun(['restore', cliArchive], cliTarget));
      if (cliBackup && cliRestore) row.cli = { backupS: cliBackup.s, backupRssMb: cliBackup.maxRssMb, restoreS: cliRestore.s, restoreRssMb: cliRestore.maxRssMb };
    } finally {
      await cliTarget.drop();
    }
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await source.drop();
  }
}

async function main() {
  const rows: Row[] = [];
  try {
    for (const dataset of ['demo', 'large'] as const) for (const dialect of DIALECTS) rows.push(await runDataset(dataset, dialect));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log('\n| dataset | source | rows | images | archive | backup | restore (same db) | restore (other db) | CLI backup / restore: wall, peak RSS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const restored = (r: Row['restore'][number]) => `${r.s} s (+ ${r.migrateS} s schema)`;
  for (const row of rows) {
    const same = row.restore.find((r) => r.target === row.source);
    const other = row.restore.find((r) => r.target !== row.source);
    console.log(
      `| ${row.dataset} | ${row.source} | ${row.rows.toLocaleString('en')} | ${row.images} | ${row.archiveMb} MB | ${row.backupS} s | ` +
        `${same ? restored(same) : '-'} | ${other ? `${restored(other)} on ${other.target}` : '-'} | ${row.cli ? `${row.cli.backupS} s, ${row.cli.backupRssMb} MB / ${row.cli.restoreS} s, ${row.cli.restoreRssMb} MB` : '-'} |`,
    );
  }
}

await main();

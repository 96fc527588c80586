/**
 * `npm run backup` / `npm run restore` as the operator runs them (child processes): one Italian line per
 * failure with a non-zero exit, the first administrator created and printed when the archive has no
 * accounts, and on PostgreSQL the running instances told to drop their cached pages.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoContent } from '../../src/db/seed';
import { createServices } from '../../src/modules/services';
import { startContentSync } from '../../src/server/content-sync';
import { testDialect } from '../helpers/test-database';
import { createEmptySite, dumpTables, runCli, type Site, temporaryDirectory } from './backup-fixtures';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const cleanups: (() => unknown)[] = [];
/** Each CLI run starts node with tsx (a few seconds on a busy machine): generous, not a timing goal. */
const CLI_TEST_TIMEOUT = 180_000;
let source: Site;
let dir: string;
let archive: string;

beforeAll(async () => {
  source = await createEmptySite(testDialect, cleanups);
  await migrateToLatest(source.database.db, source.database.dialect);
  await seedDemoContent(source.database.db);
  await createServices({ db: source.database.db, config: source.config, scryptCost: TEST_SCRYPT_COST }).auth.ensureFirstAdmin({ username: 'autore', password: 'Aut0re!Segreto#2026' });
  dir = temporaryDirectory(cleanups);
  archive = join(dir, 'demo.ndjson.gz');
  const result = await runCli(['backup', '--out', archive], source.env);
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(/^Backup scritto in .*demo\.ndjson\.gz \(0,\d\d MB, \d+,\d s\): 7 build, 55 componenti, 2 gruppi di alternative, 13 alternative, 6 gruppi di sinonimi, 0 immagini; utenti esclusi \(usa --with-users per includerli\)\.\n$/);
}, CLI_TEST_TIMEOUT);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('npm run restore', () => {
  it('without accounts in the archive, creates the first admin and prints its password once; that password signs in', async () => {
    const target = await createEmptySite(testDialect, cleanups);
    const result = await runCli(['restore', archive], target.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const password = /Username: admin\n {2}Password: (\S+)\n/.exec(result.stdout)?.[1];
    expect(password, result.stdout).toBeDefined();
    expect(result.stdout).toContain('Conservala ora: non verrà mostrata di nuovo');

    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    expect(await services.auth.login({ username: 'admin', password: password!, ip: '198.51.100.40', userAgent: null })).toMatchObject({ user: { username: 'admin' } });
    expect((await dumpTables(target.database.db)).builds).toHaveLength(7);
  }, CLI_TEST_TIMEOUT);

  it('with ADMIN_USERNAME/ADMIN_PASSWORD set, creates that account instead and prints no password', async () => {
    const target = await createEmptySite(testDialect, cleanups);
    const env = { ...target.env, ADMIN_USERNAME: 'redazione', ADMIN_PASSWORD: 'Red4zione!Forte#2026' };
    const result = await runCli(['restore', archive], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[auth] account amministratore "redazione" creato da ADMIN_USERNAME/ADMIN_PASSWORD');
    expect(result.stdout).not.toContain('Red4zione');
  }, CLI_TEST_TIMEOUT);

  it('refuses a database that is not empty with one line and exit code 1, and writes nothing', async () => {
    const before = await dumpTables(source.database.db);
    const result = await runCli(['restore', archive], source.env);
    expect(await dumpTables(source.database.db)).toEqual(before);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Ripristino non riuscito: Il database di destinazione non è vuoto (1 utente, 7 build, 55 componenti, 2 gruppi di alternative, 13 alternative, 6 gruppi di sinonimi): ' +
        'per sostituirne il contenuto con quello del backup rilancia con --force. Nessun contenuto è stato scritto nel database.\n',
    );
  }, CLI_TEST_TIMEOUT);

  it('explains its usage for missing or unknown arguments (exit code 2)', async () => {
    const missing = await runCli(['restore'], source.env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('Uso: npm run restore -- FILE [--force]\n');
    const unknown = await runCli(['backup', '--out', join(dir, 'x.gz'), '--tutto'], source.env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Argomenti non validi: .*'--tutto'.*\nUso: npm run backup -- --out FILE \[--with-users\]\n$/);
  }, CLI_TEST_TIMEOUT);
});

describe('npm run backup', () => {
  it('refuses, in one line, a DATABASE_URL that names no Build PC site (and creates no SQLite file)', async () => {
    const missing = join(dir, 'nessuno.sqlite');
    const sqlite = await runCli(['backup', '--out', join(dir, 'x.gz')], { ...source.env, DATABASE_URL: missing });
    expect(sqlite.code).toBe(1);
    expect(sqlite.stderr).toBe(`Backup non riuscito: il database SQLite ${missing} non esiste: controlla DATABASE_URL\n`);
    expect(existsSync(missing)).toBe(false);

    const empty = await createEmptySite('postgres', cleanups);
    const postgres = await runCli(['backup', '--out', join(dir, 'x.gz')], empty.env);
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toBe(
      'Backup non riuscito: Il database indicato da DATABASE_URL non contiene un sito Build PC (nessuna migrazione applicata): controlla DATABASE_URL\n',
    );
    expect(existsSync(join(dir, 'x.gz'))).toBe(false);
  }, CLI_TEST_TIMEOUT);

  it('fails with one line and leaves no file behind when the destination cannot be written', async () => {
    const out = join(dir, 'missing-folder', 'backup.ndjson.gz');
    const result = await runCli(['backup', '--out', out], source.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Backup non riuscito: Impossibile scrivere il backup in ${out}: la cartella ${join(dir, 'missing-folder')} non esiste\n`);
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
  }, CLI_TEST_TIMEOUT);
});

describe('restore under a running site on PostgreSQL', () => {
  it('tells the running instances to drop their cached pages', async () => {
    const target = await createEmptySite('postgres', cleanups);
    await migrateToLatest(target.database.db, target.database.dialect);
    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    const sync = await startContentSync(target.database.pool!, services.events);
    cleanups.push(() => sync.stop());
    let changes = 0;
    services.events.onChange(() => changes++);

    const result = await runCli(['restore', archive, '--force'], target.env);
    expect(result.code, result.stderr).toBe(0);
    const started = Date.now();
    while (changes === 0 && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(changes).toBe(1);
  }, CLI_TEST_TIMEOUT);
});

/**
 * `npm run backup -- --out FILE [--with-users]` and `npm run restore -- FILE [--force]` against the
 * configured DATABASE_URL and image storage. The work is in modules/backup; this file parses the
 * arguments, wires the database and the storage, and prints one line per outcome.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isAppError } from '../common/errors';
import { formatDecimal, formatQuantity } from '../common/format';
import type { AppConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { loadConfigOrExit } from '../db/startup';
import { createAuthService } from '../modules/auth';
import { describeRowCounts } from '../modules/backup/backup.schema';
import { createBackup, restoreBackup } from '../modules/backup';
import { systemClock } from '../modules/clock';
import { createUploadStorage } from '../modules/media';
import { CONTENT_CHANNEL } from './content-sync';
import { announceFirstAdmin } from './first-admin';

const USAGE = {
  backup: 'Uso: npm run backup -- --out FILE [--with-users]',
  restore: 'Uso: npm run restore -- FILE [--force]',
} as const;

const seconds = (ms: number) => `${formatDecimal(ms / 1000, 1)} s`;
const megabytes = (bytes: number) => `${formatDecimal(bytes / 1_048_576, 2)} MB`;

function usageError(command: keyof typeof USAGE, message?: string): never {
  if (message) console.error(message);
  console.error(USAGE[command]);
  process.exit(2);
}

/** Runs node's parseArgs; an unknown option is a usage error, not a stack trace. */
function parse<T>(command: keyof typeof USAGE, run: () => T): T {
  try {
    return run();
  } catch (error) {
    return usageError(command, `Argomenti non validi: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function backup(args: string[], config: AppConfig, database: DatabaseHandle) {
  const { values, positionals } = parse('backup', () =>
    parseArgs({ args, options: { out: { type: 'string' }, 'with-users': { type: 'boolean' } }, allowPositionals: true, strict: true }),
  );
  const out = values.out;
  if (typeof out !== 'string' || out === '' || positionals.length > 0) usageError('backup');
  // The snapshot holds the only connection of a SQLite handle; the image storage gets its own.
  const storageDatabase = database.dialect === 'sqlite' ? openDatabase(config.database) : database;
  const started = performance.now();
  try {
    const storage = createUploadStorage({ config, db: storageDatabase.db });
    const summary = await createBackup({ db: database.db, dialect: database.dialect, storage, clock: systemClock }, out, {
      withUsers: values['with-users'] === true,
    });
    console.log(
      `Backup scritto in ${out} (${megabytes(summary.bytes)}, ${seconds(performance.now() - started)}): ` +
        `${describeRowCounts(summary.rows)}, ${formatQuantity(summary.images, 'immagine', 'immagini')}${values['with-users'] ? '' : '; utenti esclusi (usa --with-users per includerli)'}.`,
    );
    if (summary.skippedImages.length > 0) {
      console.warn(
        `Esclusi dal backup ${formatQuantity(summary.skippedImages.length, 'file', 'file')} dell'archivio immagini che non sono immagini WebP caricate dal sito: ${summary.skippedImages.join(', ')}`,
      );
    }
  } finally {
    if (storageDatabase !== database) await storageDatabase.destroy();
  }
}

async function restore(args: string[], config: AppConfig, database: DatabaseHandle) {
  const { values, positionals } = parse('restore', () =>
    parseArgs({ args, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true }),
  );
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) usageError('restore');
  const started = performance.now();
  const storage = createUploadStorage({ config, db: database.db });
  const summary = await restoreBackup({ db: database.db, dialect: database.dialect, storage, clock: systemClock }, file, {
    force: values.force === true,
  });
  console.log(
    `Ripristino completato da ${file} (${seconds(performance.now() - started)}): ${describeRowCounts(summary.rows)}, ${formatQuantity(summary.images, 'immagine', 'immagini')}.`,
  );
  if (!summary.usersRestored) {
    // An archive without accounts: the site keeps the target's admin, or gets its first one now.
    const auth = createAuthService({ db: database.db, clock: systemClock, sessionTtlHours: config.sessionTtlHours });
    const admin = await auth.ensureFirstAdmin(config.admin);
    if (admin) announceFirstAdmin(admin);
    else console.log('Account amministratore: restano quelli già presenti nel database di destinazione.');
  }
  if (database.pool) {
    // Running instances on this PostgreSQL drop their cached pages at once (server/content-sync.ts).
    await database.pool.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, `restore-${process.pid}`]);
  } else {
    console.log('Un sito già avviato su questo database mostra i contenuti ripristinati entro 60 s (cache delle pagine), o subito dopo un riavvio.');
  }
}

const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') {
  console.error('Uso: tsx src/server/backup-cli.ts backup|restore ...');
  process.exit(2);
}

const config = loadConfigOrExit();
if (command === 'backup' && config.database.dialect === 'sqlite' && !existsSync(config.database.filename)) {
  // Opening it would create an empty file; a restore, instead, may well start from a new file.
  console.error(`Backup non riuscito: il database SQLite ${config.database.filename} non esiste: controlla DATABASE_URL`);
  process.exit(1);
}
const database = openDatabase(config.database);
try {
  await (command === 'backup' ? backup(args, config, database) : restore(args, config, database));
} catch (error) {
  // One line for the operator. The rows of a restore are one transaction: a failure leaves none of them.
  const reason = isAppError(error) || !(error instanceof Error) ? String(isAppError(error) ? error.message : error) : error.message;
  console.error(
    command === 'backup' ? `Backup non riuscito: ${reason}` : `Ripristino non riuscito: ${reason}. Nessun contenuto è stato scritto nel database.`,
  );
  process.exitCode = 1;
} finally {
  await database.destroy();
}

/**
 * Start-up against the configured database, shared by every process that opens it (the server, the
 * db and backup commands). A wrong DATABASE_URL (unreachable server, unknown database, rejected user or
 * password, unreadable file) is reported as one line naming the setting, with the password masked,
 * instead of a stack dump on the first request.
 */
import { type AppConfig, ConfigError, type DatabaseTarget, describeDatabaseTarget, loadConfig } from '../config/env';
import { type DatabaseHandle, openDatabase, pingDatabase } from './connection';
import { databaseFailureReason, isDatabaseError } from './driver-errors';

/** A start-up failure the operator can fix; its message is the one line to print. */
export class DatabaseStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartupError';
  }
}

function failure(what: string, target: DatabaseTarget, error: unknown): DatabaseStartupError {
  return new DatabaseStartupError(`${what} (DATABASE_URL=${describeDatabaseTarget(target)}): ${databaseFailureReason(error)}`);
}

/** Opens the database and makes one round trip, so that a wrong DATABASE_URL shows at start-up. */
export async function connectDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  let database: DatabaseHandle | null = null;
  try {
    database = openDatabase(target);
    await pingDatabase(database.db);
    return database;
  } catch (error) {
    await database?.destroy().catch(() => undefined);
    throw failure('Database non accessibile', target, error);
  }
}

/**
 * Runs a start-up step on an open database (migrations, first administrator, demo content): a
 * database failure becomes one line, '{failureTitle} (DATABASE_URL=…): {reason}'; any other error is
 * a bug and keeps its stack.
 */
export async function runStartupStep<T>(target: DatabaseTarget, failureTitle: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    throw failure(failureTitle, target, error);
  }
}

export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnStartupFailure(error);
  }
}

/**
 * For the start-up's catch: a failure the operator can fix (a bad setting, a database that cannot be
 * reached or prepared) prints its one line and ends the process with code 1; anything else is a bug
 * and is rethrown with its stack.
 */
export function exitOnStartupFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DatabaseStartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

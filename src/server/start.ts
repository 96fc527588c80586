/** Configuration and database errors stop start-up with one clear line instead of a stack trace. */
import { type AppConfig, ConfigError, loadConfig } from '../config/env';
import { DatabaseStartupError } from '../db/startup';

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

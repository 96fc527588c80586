/** Configuration errors stop start-up with one clear line instead of a stack trace. */
import { type AppConfig, ConfigError, loadConfig } from '../config/env';

export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

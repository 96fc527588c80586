/** Whether the Creators API can be used, and what to set when it cannot (shown to the author in Italian). */
import type { AmazonConfig, AppConfig } from '../../config/env';

/**
 * null when configured; otherwise the message naming the settings to add. config/env.ts already
 * refuses a partial set of AMAZON_CREDENTIAL_*, so "missing" means all three.
 */
export function creatorsApiSettingsMissing(config: Pick<AppConfig, 'amazon'>): string | null {
  if (config.amazon) return null;
  return 'Amazon Creators API non configurata: imposta AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET e AMAZON_CREDENTIAL_VERSION';
}

export function isCreatorsApiConfigured<C extends Pick<AppConfig, 'amazon'>>(config: C): config is C & { readonly amazon: AmazonConfig } {
  return config.amazon !== null;
}

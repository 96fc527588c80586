/**
 * The only reader of process.env. Settings come from the environment and an optional .env file
 * (the environment wins), are validated once with zod and frozen. A bad value stops start-up with
 * one line naming the setting and the reason.
 *
 * The single entry of src/config: the schema lives in env-schema.ts, DATABASE_URL in
 * database-target.ts, the resulting types in app-config.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { AppConfig } from './app-config';
import { ConfigError } from './config-error';
import { parseDatabaseUrl, withSqliteSynchronous } from './database-target';
import { envSchema } from './env-schema';
import { parseMailSettings } from './mail-target';

export type { AlertsConfig, AmazonConfig, AppConfig, DealsConfig, TelegramConfig, PricingConfig, PublicConfig, RemoveBgConfig, UploadsConfig, UploadStorageKind } from './app-config';
export { toPublicConfig } from './app-config';
export { ConfigError } from './config-error';
export { DEFAULT_POSTGRES_POOL, describeDatabaseTarget, parseDatabaseUrl } from './database-target';
export type { DatabaseTarget, PostgresPoolSettings } from './database-target';
export { describeMailTarget, fromAddress, messageIdDomain } from './mail-target';
export type { MailConfig } from './mail-target';

/** Reads `.env` from the working directory if present; variables already in the environment win. */
function readEnvFile(path = resolve('.env')): Record<string, string> {
  if (!existsSync(path)) return {};
  return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
}

const SECRET_SETTINGS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'AMAZON_CREDENTIAL_SECRET', 'AMAZON_CREDENTIAL_ID', 'REMOVE_BG_API_KEY', 'SMTP_URL', 'TELEGRAM_BOT_TOKEN']);

export function loadConfig(source: Record<string, string | undefined> = { ...readEnvFile(), ...process.env }): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const setting = String(issue.path[0] ?? 'configurazione');
    const raw = source[setting];
    const shown = raw === undefined || SECRET_SETTINGS.has(setting) ? '' : ` (valore: "${raw}")`;
    throw new ConfigError(`Configurazione non valida: ${setting} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  const database = withSqliteSynchronous(
    parseDatabaseUrl(env.DATABASE_URL, {
      size: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: Math.round(env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    }),
    env.SQLITE_SYNCHRONOUS,
  );
  const mail = parseMailSettings(env);
  return Object.freeze({
    // TEMPORARY (alerts branch): the mail branch reads SMTP_URL / MAIL_FROM / MAIL_OUTBOX_DIR properly.
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl,
    database,
    admin: env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : null,
    defaultAffiliateTag: env.DEFAULT_AFFILIATE_TAG,
    siteName: env.SITE_NAME,
    siteAuthor: env.SITE_AUTHOR,
    socialUrl: env.SOCIAL_URL ?? null,
    videoChannelUrl: env.VIDEO_CHANNEL_URL ?? null,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    trustProxyHops: env.TRUST_PROXY,
    logRequests: env.LOG_REQUESTS,
    budgetDriftPercent: env.BUDGET_DRIFT_PERCENT,
    pageCacheBytes: Math.round(env.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheMissesPerMinute: env.PAGE_CACHE_MISSES_PER_MINUTE,
    searchRankLimit: env.SEARCH_RANK_LIMIT,
    webConcurrency: env.WEB_CONCURRENCY,
    pricing: {
      schedulerEnabled: env.PRICE_SCHEDULER_ENABLED,
      schedulerTickMs: env.PRICE_SCHEDULER_TICK_SECONDS * 1000,
      refreshIntervalMs: {
        A: env.PRICE_REFRESH_HOURS_A * 3_600_000,
        B: env.PRICE_REFRESH_HOURS_B * 3_600_000,
        C: env.PRICE_REFRESH_HOURS_C * 3_600_000,
      },
      smartReplacementOnRefresh: env.SMART_REPLACEMENT_ON_REFRESH,
      replacementMaxIncreasePercent: env.REPLACEMENT_MAX_INCREASE_PERCENT,
      replacementMaxIncreaseEuro: env.REPLACEMENT_MAX_INCREASE_EUR,
    },
    uploads: {
      storage: env.UPLOAD_STORAGE ?? (database.dialect === 'postgres' ? 'database' : 'directory'),
      dir: resolve(env.UPLOAD_DIR),
      maxMb: env.UPLOAD_MAX_MB,
      maxBytes: Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024),
    },
    mail,
    alerts: {
      confirmationsPerDomainPerHour: env.ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
      confirmationsPerDomainPerDay: env.ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY,
      confirmationsPerHour: env.ALERT_CONFIRMATIONS_PER_HOUR,
      confirmationsPerDay: env.ALERT_CONFIRMATIONS_PER_DAY,
      answerMinMs: env.ALERT_ANSWER_MIN_MS,
    },
    deals: {
      minDropPercent: env.DEALS_MIN_DROP_PERCENT,
      telegram:
        env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
          ? {
              botToken: env.TELEGRAM_BOT_TOKEN,
              chatId: env.TELEGRAM_CHAT_ID,
              apiBaseUrl: env.TELEGRAM_API_BASE_URL.replace(/\/+$/, ''),
              maxPostsPerHour: env.TELEGRAM_MAX_POSTS_PER_HOUR,
            }
          : null,
    },
    removeBg: env.REMOVE_BG_API_KEY ? { apiKey: env.REMOVE_BG_API_KEY, apiUrl: env.REMOVE_BG_API_URL } : null,
    amazon:
      env.AMAZON_CREDENTIAL_ID && env.AMAZON_CREDENTIAL_SECRET && env.AMAZON_CREDENTIAL_VERSION
        ? {
            credentialId: env.AMAZON_CREDENTIAL_ID,
            credentialSecret: env.AMAZON_CREDENTIAL_SECRET,
            credentialVersion: env.AMAZON_CREDENTIAL_VERSION,
            partnerTag: env.AMAZON_PARTNER_TAG ?? env.DEFAULT_AFFILIATE_TAG,
            marketplace: env.AMAZON_MARKETPLACE,
            apiBaseUrl: env.AMAZON_API_BASE_URL.replace(/\/+$/, ''),
            tokenUrl: env.AMAZON_TOKEN_URL ?? null,
            requestsPerSecond: env.AMAZON_REQUESTS_PER_SECOND,
            requestsPerDay: env.AMAZON_REQUESTS_PER_DAY,
          }
        : null,
  });
}


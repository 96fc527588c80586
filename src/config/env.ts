/**
 * The only reader of process.env. Settings come from the environment and an optional .env file
 * (the environment wins), are validated once with zod and frozen. A bad value stops start-up with
 * one line naming the setting and the reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { AFFILIATE_TAG_PATTERN } from '../common/asin';
import { passwordViolations } from '../common/password-rules';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalText.pipe(
  z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s) completo' }).optional(),
);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'usa true o false' })
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

/**
 * PostgreSQL pool defaults. 10 connections per process: a page needs one for a few milliseconds, so
 * 10 serve hundreds of requests per second, and 4 processes x 2 instances x 10 stay below the server's
 * default max_connections (100). 15 s per statement: the slowest query of the site takes milliseconds;
 * one still running after 15 s is stuck behind a lock or a sick server, and the request is better
 * answered 503 than left hanging.
 */
export const DEFAULT_POSTGRES_POOL: PostgresPoolSettings = { size: 10, statementTimeoutMs: 15_000 };
/** 10 requests a second, Amazon's highest rate, for a whole day. */
const MAX_AMAZON_REQUESTS_PER_DAY = 10 * 86_400;
/** No real deployment chains more proxies than this (CDN, load balancer, nginx...). */
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the site, each appending to X-Forwarded-For.
 * false/0 = none (the socket address is the client), true = 1, or the number of hops.
 */
const proxyHops = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? '').toLowerCase();
    if (['', 'false', 'no'].includes(text)) return 0;
    if (['true', 'yes'].includes(text)) return 1;
    const hops = Number(text);
    if (/^\d+$/.test(text) && hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `usa false, true oppure il numero di proxy davanti al sito (da 0 a ${MAX_PROXY_HOPS})` });
    return z.NEVER;
  });

/** More processes than this would only compete for the same cores and database. */
const MAX_WEB_CONCURRENCY = 64;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'usa development, production o test' }).default('production'),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(0, 'deve essere tra 0 e 65535')
      .max(65535, 'deve essere tra 0 e 65535')
      .default(3000),
    PUBLIC_BASE_URL: optionalUrl,
    DATABASE_URL: z.string().trim().default('./data/build-pc.sqlite'),
    SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL'], { error: 'usa FULL (predefinito) o NORMAL' }).default('FULL'),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(2, 'almeno 2 (una connessione resta in ascolto delle modifiche)')
      .max(100, 'al massimo 100')
      .default(DEFAULT_POSTGRES_POOL.size),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'deve essere un numero' })
      .positive('deve essere maggiore di zero')
      .max(3600, 'al massimo 3.600 secondi')
      .default(DEFAULT_POSTGRES_POOL.statementTimeoutMs / 1000),
    ADMIN_USERNAME: optionalText.pipe(
      z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, 'da 3 a 64 caratteri tra lettere, numeri, punto, trattino e underscore').optional(),
    ),
    ADMIN_PASSWORD: optionalText,
    DEFAULT_AFFILIATE_TAG: z
      .string()
      .trim()
      .regex(AFFILIATE_TAG_PATTERN, 'deve essere un tag affiliato Amazon (es. mionegozio-21)')
      .default('buildpc-21'),
    SITE_NAME: z.string().trim().min(1, 'non può essere vuoto').default('Build PC'),
    SITE_AUTHOR: z.string().trim().min(1, 'non può essere vuoto').default('Redazione Build PC'),
    SOCIAL_URL: optionalUrl,
    VIDEO_CHANNEL_URL: optionalUrl,
    SESSION_TTL_HOURS: z.coerce.number({ error: 'deve essere un numero' }).int().min(1, 'almeno 1 ora').max(24 * 90, 'al massimo 90 giorni').default(24 * 7),
    TRUST_PROXY: proxyHops,
    AMAZON_CREDENTIAL_ID: optionalText,
    AMAZON_CREDENTIAL_SECRET: optionalText,
    AMAZON_CREDENTIAL_VERSION: optionalText.pipe(
      z.enum(['2.1', '2.2', '2.3', '3.1', '3.2', '3.3'], { error: 'usa la versione indicata nelle credenziali (per amazon.it 2.2 o 3.2)' }).optional(),
    ),
    AMAZON_PARTNER_TAG: optionalText.pipe(z.string().regex(AFFILIATE_TAG_PATTERN, 'deve essere un tag affiliato Amazon (es. mionegozio-21)').optional()),
    AMAZON_MARKETPLACE: z.string().trim().regex(/^www\.amazon\.[a-z.]{2,6}$/, 'deve essere un marketplace come www.amazon.it').default('www.amazon.it'),
    AMAZON_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s) completo' }).default('https://creatorsapi.amazon'),
    AMAZON_TOKEN_URL: optionalUrl,
    PRICE_SCHEDULER_ENABLED: booleanFlag(true),
    PRICE_SCHEDULER_TICK_SECONDS: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').default(60),
    PRICE_REFRESH_HOURS_A: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').default(6),
    PRICE_REFRESH_HOURS_B: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').default(24),
    PRICE_REFRESH_HOURS_C: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').default(72),
    SMART_REPLACEMENT_ON_REFRESH: booleanFlag(true),
    REPLACEMENT_MAX_INCREASE_PERCENT: z.coerce.number({ error: 'deve essere un numero' }).min(0, 'non può essere negativo').default(20),
    REPLACEMENT_MAX_INCREASE_EUR: z.coerce.number({ error: 'deve essere un numero' }).min(0, 'non può essere negativo').default(50),
    AMAZON_REQUESTS_PER_SECOND: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').max(10, 'al massimo 10').default(1),
    // Amazon's starting allowance is 8,640 a day; it grows with sales, at most 10 a second all day long.
    AMAZON_REQUESTS_PER_DAY: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(1, 'deve essere almeno 1')
      .max(MAX_AMAZON_REQUESTS_PER_DAY, 'al massimo 864.000 (10 al secondo per tutto il giorno)')
      .default(8640),
    LOG_REQUESTS: booleanFlag(true),
    // A published build whose total is further than this from its budget (in percent of it) is listed as drifting.
    BUDGET_DRIFT_PERCENT: z.coerce.number({ error: 'deve essere un numero' }).gt(0, 'deve essere maggiore di 0').max(100, 'al massimo 100').default(10),
    // Per process: every worker keeps its own copy of the pages it served. 0 turns the cache off.
    PAGE_CACHE_MB: z.coerce.number({ error: 'deve essere un numero' }).min(0, 'non può essere negativo (0 disattiva la cache)').max(4096, 'al massimo 4.096').default(64),
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return 1;
        if (value.toLowerCase() === 'auto') return availableParallelism();
        const count = Number(value);
        if (!Number.isInteger(count) || count < 1 || count > MAX_WEB_CONCURRENCY) {
          ctx.addIssue({ code: 'custom', message: `usa un numero intero da 1 a ${MAX_WEB_CONCURRENCY} oppure auto` });
          return z.NEVER;
        }
        return count;
      }),
    UPLOAD_DIR: z.string().trim().min(1, 'non può essere vuoto').default('./data/uploads'),
    UPLOAD_STORAGE: optionalText.pipe(
      z.enum(['database', 'directory'], { error: 'usa database (immagini nel database) oppure directory (cartella UPLOAD_DIR)' }).optional(),
    ),
    UPLOAD_MAX_MB: z.coerce.number({ error: 'deve essere un numero' }).positive('deve essere maggiore di zero').max(50, 'al massimo 50').default(8),
    REMOVE_BG_API_KEY: optionalText,
    REMOVE_BG_API_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s) completo' }).default('https://api.remove.bg/v1.0/removebg'),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_USERNAME === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_USERNAME'], message: 'va impostato insieme ad ADMIN_PASSWORD' });
    }
    if (env.ADMIN_USERNAME !== undefined && env.ADMIN_PASSWORD === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'va impostata insieme ad ADMIN_USERNAME' });
    }
    const amazon = [env.AMAZON_CREDENTIAL_ID, env.AMAZON_CREDENTIAL_SECRET, env.AMAZON_CREDENTIAL_VERSION];
    if (amazon.some((value) => value !== undefined) && amazon.some((value) => value === undefined)) {
      const missing = ['AMAZON_CREDENTIAL_ID', 'AMAZON_CREDENTIAL_SECRET', 'AMAZON_CREDENTIAL_VERSION'][amazon.findIndex((value) => value === undefined)]!;
      ctx.addIssue({ code: 'custom', path: [missing], message: 'va impostata insieme alle altre credenziali AMAZON_CREDENTIAL_*' });
    }
    if (env.ADMIN_PASSWORD !== undefined) {
      const violations = passwordViolations(env.ADMIN_PASSWORD);
      if (violations.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: `password troppo debole (${violations.join(', ')})` });
      }
    }
  });

export type DatabaseTarget =
  | {
      readonly dialect: 'sqlite';
      readonly filename: string;
      /** FULL (default): an acknowledged commit survives a power cut; NORMAL: only a process crash. */
      readonly synchronous?: 'FULL' | 'NORMAL';
    }
  | {
      readonly dialect: 'postgres';
      /** Secret (it may carry the password): show it only through describeDatabaseTarget(). */
      readonly connectionString: string;
      /** DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_SECONDS; DEFAULT_POSTGRES_POOL when absent. */
      readonly pool?: PostgresPoolSettings;
    };

export interface PostgresPoolSettings {
  /** Connections each process may open, the LISTEN connection of the page-cache sync included. */
  readonly size: number;
  /** A statement running longer is cancelled by the server (statement_timeout). */
  readonly statementTimeoutMs: number;
}

export interface AppConfig {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly publicBaseUrl: string;
  readonly database: DatabaseTarget;
  readonly admin: { readonly username: string; readonly password: string } | null;
  readonly defaultAffiliateTag: string;
  readonly siteName: string;
  readonly siteAuthor: string;
  readonly socialUrl: string | null;
  readonly videoChannelUrl: string | null;
  readonly sessionTtlHours: number;
  /**
   * Reverse proxies in front of the site (TRUST_PROXY): 0 = the socket address is the client; N = the
   * client is the N-th X-Forwarded-For entry from the right (server/client-ip.ts).
   */
  readonly trustProxyHops: number;
  readonly logRequests: boolean;
  /** BUDGET_DRIFT_PERCENT: how far (in percent of the budget) a published build's total may move from it. */
  readonly budgetDriftPercent: number;
  /** Bytes of public answers each process keeps in memory (PAGE_CACHE_MB); 0 = no page cache. */
  readonly pageCacheBytes: number;
  /** Processes serving HTTP: 1 = one process (default); more = a primary and that many workers (server/cluster.ts). */
  readonly webConcurrency: number;
  /** Amazon Creators API; null when not configured (the site then runs on manual prices). */
  readonly amazon: AmazonConfig | null;
  readonly pricing: PricingConfig;
  readonly uploads: UploadsConfig;
  /** Background removal (remove.bg); null when REMOVE_BG_API_KEY is not set. */
  readonly removeBg: RemoveBgConfig | null;
}

/** Where uploaded images live: the database (shared by every instance) or the local directory UPLOAD_DIR. */
export type UploadStorageKind = 'database' | 'directory';

export interface UploadsConfig {
  /** UPLOAD_STORAGE; by default the database on PostgreSQL (several instances may share it), the directory on SQLite. */
  readonly storage: UploadStorageKind;
  /** Local directory of the uploaded images (absolute), used when `storage` is 'directory'. */
  readonly dir: string;
  /** Largest accepted image file, in MB (as configured) and in bytes. */
  readonly maxMb: number;
  readonly maxBytes: number;
}

export interface RemoveBgConfig {
  /** Secret: sent only to the service, never to the browser or the logs. */
  readonly apiKey: string;
  readonly apiUrl: string;
}

export interface PricingConfig {
  /** Runs the tier refreshes in the background (only when the Creators API is configured). */
  readonly schedulerEnabled: boolean;
  readonly schedulerTickMs: number;
  /** How often each tier is refreshed: A high priority, B medium, C (and untiered) low. */
  readonly refreshIntervalMs: { readonly A: number; readonly B: number; readonly C: number };
  /** The scheduled refresh also runs the smart replacement on published builds with unavailable parts. */
  readonly smartReplacementOnRefresh: boolean;
  /** Replacement price band: at most this much above the original, in percent and in euro (both apply). */
  readonly replacementMaxIncreasePercent: number;
  readonly replacementMaxIncreaseEuro: number;
}

export interface AmazonConfig {
  readonly credentialId: string;
  readonly credentialSecret: string;
  readonly credentialVersion: '2.1' | '2.2' | '2.3' | '3.1' | '3.2' | '3.3';
  /** Associate tag sent with every request; falls back to DEFAULT_AFFILIATE_TAG. */
  readonly partnerTag: string;
  readonly marketplace: string;
  readonly apiBaseUrl: string;
  /** null: the token endpoint of the credential version (see integrations/amazon-creators). */
  readonly tokenUrl: string | null;
  /** Request rate of the account, for all processes and instances together (kept in the database). */
  readonly requestsPerSecond: number;
  /** Requests per UTC day of the account, for all processes and instances together. */
  readonly requestsPerDay: number;
}

/** What the browser may see. Everything else (database, admin credentials, API keys) stays on the server. */
export interface PublicConfig {
  readonly siteName: string;
  readonly siteAuthor: string;
  readonly publicBaseUrl: string;
  readonly defaultAffiliateTag: string;
  readonly socialUrl: string | null;
  readonly videoChannelUrl: string | null;
}

export function toPublicConfig(config: AppConfig): PublicConfig {
  const { siteName, siteAuthor, publicBaseUrl, defaultAffiliateTag, socialUrl, videoChannelUrl } = config;
  return { siteName, siteAuthor, publicBaseUrl, defaultAffiliateTag, socialUrl, videoChannelUrl };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const SUPPORTED_DATABASE_FORMS =
  'usa un percorso di file SQLite (es. ./data/build-pc.sqlite, anche come sqlite:… o file:…) oppure postgres://utente:password@host:5432/database';

export function parseDatabaseUrl(value: string, pool: PostgresPoolSettings = DEFAULT_POSTGRES_POOL): DatabaseTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') {
    if (!isParsableUrl(value)) {
      // The value is never echoed: it may carry the password.
      throw new ConfigError(`Configurazione non valida: DATABASE_URL non è un URL PostgreSQL valido: ${SUPPORTED_DATABASE_FORMS}`);
    }
    return { dialect: 'postgres', connectionString: value, pool };
  }
  // Any other scheme://, e.g. mysql:// or mongodb://, would otherwise be taken for a SQLite file name.
  if (scheme !== undefined && scheme !== 'sqlite' && scheme !== 'file') {
    throw new ConfigError(`Configurazione non valida: DATABASE_URL usa lo schema non supportato ${scheme}://: ${SUPPORTED_DATABASE_FORMS}`);
  }
  const filename = value.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:(\/\/)?/i, '');
  if (!filename) throw new ConfigError('Configurazione non valida: DATABASE_URL è vuoto');
  return { dialect: 'sqlite', filename: filename === ':memory:' ? filename : resolve(filename) };
}

function withSqliteSynchronous(target: DatabaseTarget, synchronous: 'FULL' | 'NORMAL'): DatabaseTarget {
  return target.dialect === 'sqlite' ? { ...target, synchronous } : target;
}

function isParsableUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database as an operator may see it in a log line: the SQLite file, or the PostgreSQL URL with
 * its password (in the user part or as ?password=) replaced by ***.
 */
export function describeDatabaseTarget(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return target.filename;
  const [, scheme, rest] = /^([^:]+:\/\/)(.*)$/s.exec(target.connectionString) ?? [];
  if (scheme === undefined || rest === undefined) return 'postgres://***';
  // The last @ ends the user part: an unescaped @ in a password is taken by pg the same way.
  const at = rest.lastIndexOf('@');
  const userInfo = at >= 0 ? rest.slice(0, at) : '';
  const user = userInfo.includes(':') ? `${userInfo.slice(0, userInfo.indexOf(':'))}:***@` : at >= 0 ? `${userInfo}@` : '';
  const hostAndPath = (at >= 0 ? rest.slice(at + 1) : rest).replace(/([?&]password=)[^&]*/gi, '$1***');
  return `${scheme}${user}${hostAndPath}`;
}

/** Reads `.env` from the working directory if present; variables already in the environment win. */
export function readEnvFile(path = resolve('.env')): Record<string, string> {
  if (!existsSync(path)) return {};
  return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
}

const SECRET_SETTINGS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'AMAZON_CREDENTIAL_SECRET', 'AMAZON_CREDENTIAL_ID', 'REMOVE_BG_API_KEY']);

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
  return Object.freeze({
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

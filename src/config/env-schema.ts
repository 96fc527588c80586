/**
 * The settings as the environment spells them: names, defaults, and the one-line Italian reason a bad
 * value is refused with. env.ts turns the parsed result into the typed AppConfig.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { AFFILIATE_TAG_PATTERN } from '../common/asin';
import { formatCount } from '../common/format';
import { passwordViolations } from '../common/password-rules';
import { DEFAULT_POSTGRES_POOL } from './database-target';

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

/** Mails an hour or a day: a whole number from 1 (0 would switch the alerts off without saying so). */
const capSetting = (fallback: number) =>
  z.coerce
    .number({ error: 'deve essere un numero' })
    .int('deve essere un numero intero')
    .min(1, 'almeno 1')
    .max(1_000_000, 'al massimo 1.000.000')
    .default(fallback);

/** More processes than this would only compete for the same cores and database. */
const MAX_WEB_CONCURRENCY = 64;

export const envSchema = z
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
    // Per process and per client address (an IPv6 address by its /64): renders a visitor may cause in a
    // minute by asking for pages not in the cache. Far above a reader's or a crawler's pace. 0 turns it off.
    PAGE_CACHE_MISSES_PER_MINUTE: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(0, 'non può essere negativo (0 disattiva il limite)')
      .max(1_000_000, 'al massimo 1.000.000')
      .default(600),
    // The site search ranks at most this many matches, the newest; a search matching more says "più di N".
    SEARCH_RANK_LIMIT: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(12, 'deve essere almeno 12 (una pagina di risultati)')
      .max(10_000, 'al massimo 10.000')
      .default(200),
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
    // Checked together (mail-target.ts): the rules depend on each other.
    SMTP_URL: optionalText,
    MAIL_FROM: optionalText,
    MAIL_OUTBOX_DIR: optionalText,
    // Caps on alert confirmation mails (decision 036): per recipient domain and for the whole site.
    ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: capSetting(20),
    ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY: capSetting(100),
    ALERT_CONFIRMATIONS_PER_HOUR: capSetting(100),
    ALERT_CONFIRMATIONS_PER_DAY: capSetting(500),
    // Every subscribe answer waits until this long after the request arrived, whatever happened (decision 036).
    ALERT_ANSWER_MIN_MS: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero di millisecondi')
      .min(0, 'non può essere negativo')
      .max(5000, 'al massimo 5.000 (5 secondi)')
      .default(250),
    // Deals (decision 046): the drop below the previous 30-day low that makes a deal, in percent.
    DEALS_MIN_DROP_PERCENT: z.coerce.number({ error: 'deve essere un numero' }).gt(0, 'deve essere maggiore di 0').lt(100, 'deve essere minore di 100').default(10),
    // The deals' Telegram channel: off unless both the token and the chat are set (checked together below).
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_CHAT_ID: optionalText,
    TELEGRAM_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'deve essere un URL http(s) completo' }).default('https://api.telegram.org'),
    TELEGRAM_MAX_POSTS_PER_HOUR: z.coerce
      .number({ error: 'deve essere un numero' })
      .int('deve essere un numero intero')
      .min(1, 'deve essere almeno 1')
      .max(1000, 'al massimo 1.000')
      .default(6),
  })
  .superRefine((env, ctx) => {
    if ((env.TELEGRAM_BOT_TOKEN === undefined) !== (env.TELEGRAM_CHAT_ID === undefined)) {
      const missing = env.TELEGRAM_BOT_TOKEN === undefined ? 'TELEGRAM_BOT_TOKEN' : 'TELEGRAM_CHAT_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: `va impostato insieme a ${missing === 'TELEGRAM_BOT_TOKEN' ? 'TELEGRAM_CHAT_ID' : 'TELEGRAM_BOT_TOKEN'}` });
    }
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
    for (const [hour, day] of [
      ['ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR', 'ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY'],
      ['ALERT_CONFIRMATIONS_PER_HOUR', 'ALERT_CONFIRMATIONS_PER_DAY'],
    ] as const) {
      if (env[hour] > env[day]) ctx.addIssue({ code: 'custom', path: [hour], message: `non può superare ${day} (${formatCount(env[day])})` });
    }
    if (env.ADMIN_PASSWORD !== undefined) {
      const violations = passwordViolations(env.ADMIN_PASSWORD);
      if (violations.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: `password troppo debole (${violations.join(', ')})` });
      }
    }
  });

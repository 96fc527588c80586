/** The typed, frozen settings the application receives from loadConfig() (env.ts). */
import type { DatabaseTarget } from './database-target';
import type { MailConfig } from './mail-target';

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
  /** Cache misses (renders) one client address may cause per minute in this process; 0 = no limit. */
  readonly pageCacheMissesPerMinute: number;
  /**
   * SEARCH_RANK_LIMIT: matches a search ranks at most, the newest by id; a search matching more ranks those
   * and says "più di N build trovate" (decision 033), so its cost stops growing with the matches.
   */
  readonly searchRankLimit: number;
  /** Processes serving HTTP: 1 = one process (default); more = a primary and that many workers (server/cluster.ts). */
  readonly webConcurrency: number;
  /** Amazon Creators API; null when not configured (the site then runs on manual prices). */
  readonly amazon: AmazonConfig | null;
  readonly pricing: PricingConfig;
  readonly uploads: UploadsConfig;
  /** Background removal (remove.bg); null when REMOVE_BG_API_KEY is not set. */
  readonly removeBg: RemoveBgConfig | null;
  /**
   * Where mails go: SMTP (SMTP_URL + MAIL_FROM), .eml files (MAIL_OUTBOX_DIR, or ./data/mail-outbox under
   * `npm run dev`), or null: no mail is sent and the features that need one are off.
   */
  readonly mail: MailConfig | null;
  /** The visitors' alerts: caps on confirmation mails and the subscribe answer's floor (decision 036). */
  readonly alerts: AlertsConfig;
  /** The deals (decision 046) and their Telegram channel. */
  readonly deals: DealsConfig;
}

export interface DealsConfig {
  /** DEALS_MIN_DROP_PERCENT: how far below the previous 30-day low a price must be to be a deal. */
  readonly minDropPercent: number;
  /** The Telegram channel; null unless TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set. */
  readonly telegram: TelegramConfig | null;
}

export interface TelegramConfig {
  /** Secret: never logged (the client leaves it out of every message). */
  readonly botToken: string;
  readonly chatId: string;
  /** TELEGRAM_API_BASE_URL, without a trailing slash. */
  readonly apiBaseUrl: string;
  /** TELEGRAM_MAX_POSTS_PER_HOUR: posts of every process and instance together. */
  readonly maxPostsPerHour: number;
}

export interface AlertsConfig {
  /** ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR / _PER_DAY: confirmation mails to one recipient domain. */
  readonly confirmationsPerDomainPerHour: number;
  readonly confirmationsPerDomainPerDay: number;
  /** ALERT_CONFIRMATIONS_PER_HOUR / _PER_DAY: confirmation mails of the whole site. */
  readonly confirmationsPerHour: number;
  readonly confirmationsPerDay: number;
  /** ALERT_ANSWER_MIN_MS: no subscribe answer leaves sooner, so its timing tells nothing. */
  readonly answerMinMs: number;
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

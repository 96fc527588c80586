/**
 * The real application (real database, real services, real HTTP handling) driven in-process through
 * Hono's app.request(). Only the clock is controllable, to test expiry without waiting.
 */
import { afterEach, beforeEach } from 'vitest';
import { type AppConfig, loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices, type AppServices } from '../../src/modules/services';
import type { ServerBuild } from 'react-router';
import { type App, createApp, createPublicCache, type PublicCache } from '../../src/server/app';
import { createPageRenderer } from '../../src/server/pages';
import type { ScryptCost } from '../../src/modules/auth';
import { createTestDatabase, type TestDatabase, type TestDialect, testDialect } from './test-database';
import { TEST_SCRYPT_COST } from './test-scrypt';

export const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' } as const;

export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed JSON and size tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestContext {
  app: App;
  config: AppConfig;
  database: DatabaseHandle;
  services: AppServices;
  /** The app's cache of public answers (its pools' sizes, for the cache's own tests). */
  pageCache: PublicCache;
  clock: TestClock;
  dialect: TestDialect;
  scryptCost: ScryptCost;
  /** DATABASE_URL of this context's database, for child processes that share it. */
  databaseUrl: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  login(credentials?: { username: string; password: string }, ip?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Defaults to TEST_DB's; tests that span both databases (e.g. the backup round trip) name it. */
  dialect?: TestDialect;
  /** Password-hash cost: the cheap TEST_SCRYPT_COST unless a test needs production's (test-scrypt.ts). */
  scryptCost?: ScryptCost;
  /** React Router's server build (page-build.ts): the app then renders pages too, behind the page cache, as in production. */
  pages?: ServerBuild;
}

export async function createTestContext(env: Record<string, string> = {}, options: TestContextOptions = {}): Promise<TestContext> {
  const dialect = options.dialect ?? testDialect;
  const scryptCost = options.scryptCost ?? TEST_SCRYPT_COST;
  const testDb: TestDatabase = await createTestDatabase(dialect, { migrated: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    LOG_REQUESTS: 'false',
    TRUST_PROXY: 'true',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DEFAULT_AFFILIATE_TAG: 'buildpc-21',
    // Every test request comes from one address and many render what no cache holds: the per-address miss
    // limit is off unless a test is about it (tests/cache/cache-flood.test.ts).
    PAGE_CACHE_MISSES_PER_MINUTE: '0',
    ...env,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const clock = new TestClock();
  const services = createServices({ db: database.db, config, clock, scryptCost });
  await services.auth.ensureFirstAdmin(ADMIN);
  const pageCache = createPublicCache(config, services);
  const app = createApp({ config, database, services, pageCache, renderPage: options.pages && createPageRenderer(options.pages, { config, services }) });

  const request = requester(app);

  async function login(credentials: { username: string; password: string } = ADMIN, ip = '198.51.100.7') {
    const response = await request<any>('POST', '/api/auth/login', { body: credentials, headers: { 'X-Forwarded-For': ip } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token as string;
  }

  return {
    app,
    config,
    database,
    services,
    pageCache,
    clock,
    dialect,
    scryptCost,
    databaseUrl: testDb.url,
    request,
    login,
    close: async () => {
      await closeInstance(database, services, pageCache);
      await testDb.drop();
    },
  };
}

/**
 * Closes an instance as production's shutdown does (server/http-server.ts, server/bootstrap.ts): the public
 * cache stops waiting for the next scheduled publication, the visits noted in memory are written, then the
 * database is closed.
 */
async function closeInstance(database: DatabaseHandle, services: AppServices, pageCache: PublicCache): Promise<void> {
  pageCache.stop();
  await services.analytics.flushVisits();
  await database.destroy();
}

/** Sends requests to `app` in-process, as a client at 198.51.100.7 unless the headers say otherwise. */
function requester(app: App) {
  return async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'User-Agent': 'vitest', 'X-Forwarded-For': '198.51.100.7', ...options.headers };
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await app.request(path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

export interface AppInstance {
  app: App;
  database: DatabaseHandle;
  services: AppServices;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * A second app instance on the same database as `ctx`: its own database handle (SQLite connection or
 * PostgreSQL pool) and its own services, as another process or machine would have. Same clock.
 */
export function openSecondInstance(ctx: TestContext, options: Pick<TestContextOptions, 'pages'> = {}): AppInstance {
  const { config } = ctx;
  const database = openDatabase(config.database);
  const services = createServices({ db: database.db, config, clock: ctx.clock, scryptCost: ctx.scryptCost });
  const pageCache = createPublicCache(config, services);
  // With `pages`, it renders the pages too, behind its own page cache.
  const app = createApp({ config, database, services, pageCache, renderPage: options.pages && createPageRenderer(options.pages, { config, services }) });
  return { app, database, services, request: requester(app), close: () => closeInstance(database, services, pageCache) };
}

/** A valid build body for POST/PUT /api/admin/builds. */
export function sampleBuild(overrides: Record<string, unknown> = {}) {
  return {
    title: 'PC Gaming di prova',
    description: 'Una build di prova per i test.',
    content: '## Introduzione\n\nTesto **importante**.',
    budget: 1000,
    category: 'gaming',
    status: 'published',
    affiliate_tag: '',
    components: [
      { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' },
      { type: 'GPU', name: 'NVIDIA RTX 5060 Ti', price: 449, amazon_link: 'https://www.amazon.it/gp/product/B0F1XYZ123?th=1' },
      { type: 'RAM', name: 'Corsair Vengeance 32GB DDR5', price: 109.5, amazon_link: 'https://www.amazon.it/gp/aw/d/B0C1234567' },
    ],
    ...overrides,
  };
}

/** A fresh context before each test of the enclosing describe block, always closed afterwards. */
export function useFreshContext(env: Record<string, string> = {}, options: TestContextOptions = {}): () => TestContext {
  let ctx: TestContext | undefined;
  beforeEach(async () => {
    ctx = await createTestContext(env, options);
  });
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  return () => {
    if (!ctx) throw new Error('no test context');
    return ctx;
  };
}

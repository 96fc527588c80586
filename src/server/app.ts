/**
 * The Hono application: JSON API, health checks and (when given) the React Router pages as catch-all.
 * Built without listening, so tests drive it in-process with app.request().
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config/env';
import { type DatabaseHandle, pingDatabase } from '../db/connection';
import type { AppServices } from '../modules/services';
import { adminAlertRoutes, alertRoutes } from './api/alerts.routes';
import { adminMailRoutes } from './api/mail.routes';
import { adminAlternativeRoutes } from './api/alternatives.routes';
import { adminAnalyticsRoutes, eventRoutes } from './api/analytics.routes';
import { adminBuildRoutes, publicBuildRoutes } from './api/builds.routes';
import { adminMediaRoutes, MEDIA_UPLOAD_API_PATHS, uploadedFileRoutes } from './api/media.routes';
import { adminImporterRoutes } from './api/importer.routes';
import { adminPricingRoutes } from './api/pricing.routes';
import { adminReplacementRoutes } from './api/replacements.routes';
import { adminSearchSynonymRoutes } from './api/search.routes';
import { adminRetailerRoutes } from './api/retailer-items.routes';
import { authRoutes } from './api/auth.routes';
import { REVENUE_UPLOAD_API_PATHS, reportBodyLimit, revenueRoutes, tooLargeReportPage } from './api/revenue.routes';
import { paths } from '../common/paths';
import type { AppEnv } from './hono-env';
import { apiNotFound, errorBody, handleError } from './middleware/error-answers';
import { jsonBodyLimit } from './middleware/json-body';
import { refuseCrossSitePosts } from './middleware/cross-site-posts';
import { refuseNulInUrl } from './middleware/nul-character';
import { requestLog, requestLogLine } from './middleware/request-log';
import { requireAuth } from './middleware/require-auth';
import { compressAnswers } from './middleware/compress-answers';
import { createPageCache, type PageCache } from './middleware/page-cache';
import { securityHeaders } from './middleware/security-headers';
import { describeErrorForLog } from '../common/log-text';
import { addressKey } from '../common/address-key';
import { clientIpOf } from './client-ip';
import { createMissLimiter } from './cache/miss-limit';
import { canonicalPagePaths } from './middleware/canonical-page-path';
import { seoRoutes } from './api/seo.routes';
import { dealsFeedRoutes, feedRoutes } from './api/feed.routes';
import { adminDealRoutes, dealRoutes } from './api/deals.routes';
import { expireAtNextPublication } from './cache/publication-expiry';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  services: AppServices;
  /** Serves the built client assets (fingerprinted under /assets); absent in dev and API-only tests. */
  staticFiles?: MiddlewareHandler;
  /** Renders pages (React Router); absent in API-only tests. */
  renderPage?: (c: Context<AppEnv>) => Response | Promise<Response>;
  /** The public answers' cache, when the caller also serves hits from it before the app; else made here. */
  pageCache?: PageCache;
  /** Cluster worker id (WEB_CONCURRENCY > 1): /healthz says which worker answered. */
  workerId?: number | null;
}

/**
 * The cache of public answers (middleware/page-cache.ts), dropped on every content change. It sees every
 * answer of a build page, cached or rendered: visits are noted there and nowhere else (decision 025).
 * Made apart from the app so the Node server can answer hits before the app (server/http-server.ts).
 * `stop()` ends its wait for the next scheduled publication: call it before the database closes.
 */
export function createPublicCache(config: AppConfig, services: AppServices): PublicCache {
  // Per process, like the cache it protects (cache/miss-limit.ts); PAGE_CACHE_MISSES_PER_MINUTE 0 turns it off.
  const missLimiter = config.pageCacheMissesPerMinute > 0 ? createMissLimiter({ perMinute: config.pageCacheMissesPerMinute }) : null;
  const pageCache = createPageCache({
    ttlMs: 60_000,
    maxBytes: config.pageCacheBytes,
    admitRender: missLimiter ? (request) => missLimiter.admit(addressKey(clientIpOf(request, config.trustProxyHops))) : undefined,
    onAnswer: (answer) => {
      try {
        services.analytics.noteVisit({ ...answer, clientAddress: clientIpOf(answer, config.trustProxyHops) });
      } catch (error) {
        console.error(`[visite] ${describeErrorForLog(error)}`); // a visit not noted never costs the visitor the page
      }
    },
    onHit: (hit, status) => {
      if (config.logRequests) console.log(requestLogLine(hit.method, hit.path, status, '(cache)'));
    },
  });
  services.events.onChange(() => pageCache.clear());
  // A cached page must not hide a scheduled build past its publish_at (see publication-expiry.ts).
  const expiry =
    config.pageCacheBytes > 0
      ? expireAtNextPublication({
          nextPublishAt: () => services.builds.nextPublishAt(),
          now: () => services.clock.now().getTime(),
          clear: () => pageCache.clear(),
          onChange: (listener) => services.events.onChange(listener),
        })
      : null;
  return Object.assign(pageCache, { stop: () => expiry?.stop() });
}

export type PublicCache = PageCache & { stop(): void };

export function createApp(deps: AppDeps) {
  const { config, database, services, staticFiles, renderPage, workerId = null } = deps;
  const app = new Hono<AppEnv>();
  const proxy = { trustProxyHops: config.trustProxyHops };
  const https = config.publicBaseUrl.startsWith('https://');

  const pageCache = deps.pageCache ?? createPublicCache(config, services);
  // Another spelling of a page's path is redirected before it could be answered (or cached) as the page.
  app.use(canonicalPagePaths(config.logRequests));
  // Then the cache: a cached answer is sent before any other middleware runs (its headers were stored complete).
  // Outside the page cache: it compresses only what the cache did not (the cache's answers come encoded).
  app.use(compressAnswers());
  app.use(pageCache.middleware);
  app.use(requestLog(config.logRequests));
  app.use(securityHeaders({ https }));
  // Before any route reads the path or the query: PostgreSQL cannot hold U+0000 (middleware/nul-character.ts).
  app.use(refuseNulInUrl());
  // Image uploads carry their own, larger limit (UPLOAD_MAX_MB), applied after the session check.
  app.use('/api/*', jsonBodyLimit({ except: [...MEDIA_UPLOAD_API_PATHS, ...REVENUE_UPLOAD_API_PATHS] }));

  // Every state-changing public form and endpoint refuses a post another site's page made (decision 036);
  // the click beacons are not refused but not counted (api/analytics.routes.ts). The login only takes JSON, which no
  // other site's page can send without a CORS preflight; refused here too, so its throttle is never charged
  // to a visitor of such a page.
  const crossSitePosts = refuseCrossSitePosts({ publicBaseUrl: config.publicBaseUrl });
  app.use('/api/auth/*', crossSitePosts);
  app.use('/api/alerts', crossSitePosts);
  app.use('/api/alerts/*', crossSitePosts);
  // The admin's erase of an address: a bearer token already stops other sites; refused here as well, so
  // a leaked token in another site's page still cannot erase.
  app.use('/api/admin/alerts', crossSitePosts);

  app.route('/api/auth', authRoutes(services, proxy));
  app.route('/api/builds', publicBuildRoutes(services));
  app.route('/api/events', eventRoutes(services, { ...proxy, publicBaseUrl: config.publicBaseUrl }));
  app.route('/api/alerts', alertRoutes(services, proxy));
  app.route('/api/deals', dealRoutes(services));

  const admin = new Hono<AppEnv>();
  // Before any admin route, including unknown ones: without a session nothing is revealed.
  admin.use('*', requireAuth(services.auth));
  const adminRoutesOfModules = [
    adminBuildRoutes,
    adminAlternativeRoutes,
    adminPricingRoutes,
    adminImporterRoutes,
    adminReplacementRoutes,
    adminSearchSynonymRoutes,
    adminRetailerRoutes,
    adminMediaRoutes,
    adminAnalyticsRoutes,
    adminAlertRoutes,
    adminMailRoutes,
    revenueRoutes,
    adminDealRoutes,
  ];
  for (const routesOf of adminRoutesOfModules) admin.route('/', routesOf(services));
  admin.all('*', apiNotFound);
  app.route('/api/admin', admin);

  app.all('/api', apiNotFound);
  app.all('/api/*', apiNotFound);

  app.route('/', seoRoutes(services.seo));
  app.route('/', feedRoutes(services.feed));
  app.route('/', dealsFeedRoutes(services.deals));
  app.route('/', uploadedFileRoutes(services));
  // The worker id (1, 2, ...: not a process id) lets an operator or a test see that every worker answers.
  app.get('/healthz', (c) => c.json(workerId === null ? { ok: true } : { ok: true, worker: workerId }));
  app.get('/readyz', async (c) => {
    try {
      await pingDatabase(database.db);
      return c.json({ ok: true, database: database.dialect });
    } catch {
      return c.json(errorBody('SERVICE_UNAVAILABLE', 'Database non raggiungibile'), 503);
    }
  });

  if (staticFiles) {
    // File names under /assets carry a content hash: they can be cached for a year.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', staticFiles);
    // Unhashed public files: cached for a day, so a new version reaches visitors soon enough.
    app.on(['GET', 'HEAD'], ['/favicon.svg', '/favicon.ico', '/og-default.png', '/logo.png'], async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=86400');
    }, staticFiles);
  }
  if (renderPage) {
    // The plain upload page's report (decision 047) has the API's size limit, refused with a page; posted as a
    // document without JavaScript, to its `.data` address with it.
    app.on('POST', [paths.admin.revenueUpload(), `${paths.admin.revenueUpload()}.data`], crossSitePosts, reportBodyLimit(tooLargeReportPage));
    // Before React Router's own origin check, which answers a bare 400 and logs a stack trace.
    app.all('*', crossSitePosts, renderPage);
  }
  app.notFound((c) => (c.req.path.startsWith('/api') ? apiNotFound(c) : c.text('Pagina non trovata', 404)));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The analytics' routes. The admin's GET /api/admin/analytics and /api/admin/builds/{id}/analytics: views and
 * affiliate clicks over a window of days.
 *
 * POST /api/events/click: the public pages' click beacons (navigator.sendBeacon, src/app/page-script).
 *
 * - Answers 204 whether the click counted or was ignored (a bot, a build or component that does not exist,
 *   a repeat within the minute, a beacon another site made a browser send): the page never reads the
 *   answer, and a sender learns nothing about what is counted. A body that is not a beacon is a 400 with
 *   the reason in Italian; a body over 1 KB a 413.
 * - sendBeacon sends a string as text/plain (no CORS preflight) and a Blob with its own type: both
 *   text/plain and application/json bodies are read as JSON.
 * - No refusal stands in the way, and none is needed: /api has no cookie session (the
 *   admin sends a bearer token), so a cross-site request carries no credential and can do nothing but
 *   what any client of this public endpoint can do, add one click per address and link a minute. Browsers
 *   label a beacon sent from another site's page (Sec-Fetch-Site: cross-site or same-site); those are not
 *   counted, so no other site can make its visitors inflate the counts.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../common/errors';
import { analyticsQuerySchema, clickBeaconSchema } from '../../modules/analytics/analytics.schema';
import type { AppServices } from '../../modules/services';
import { visitorOf } from '../client-ip';
import type { AppEnv } from '../hono-env';
import { isCrossSiteRequest } from '../middleware/cross-site-posts';
import { idParam, parseJsonText, parseWith } from '../middleware/json-body';

/** A beacon is some 60 bytes of JSON. */
export const CLICK_BEACON_LIMIT_BYTES = 1024;

const BEACON_TYPES = /^(text\/plain|application\/json)\s*(;|$)/i;

/**
 * Browsers' own word on where the request comes from (absent from other clients and older browsers): a
 * beacon counts only from one of our pages. The shared cross-site check (middleware/cross-site-posts.ts)
 * also weighs `Origin`; `Sec-Fetch-Site: none` (typed in the address bar) is no beacon either.
 */
function fromOurPages(request: Request, allowedOrigin: string): boolean {
  const secFetchSite = request.headers.get('Sec-Fetch-Site') ?? undefined;
  return (secFetchSite === undefined || secFetchSite === 'same-origin') && !isCrossSiteRequest(request, allowedOrigin);
}

export function eventRoutes(services: AppServices, options: { trustProxyHops: number; publicBaseUrl: string }) {
  const app = new Hono<AppEnv>();
  const allowedOrigin = new URL(options.publicBaseUrl).origin;

  app.post(
    '/click',
    bodyLimit({
      maxSize: CLICK_BEACON_LIMIT_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', "L'evento è troppo grande (massimo 1 KB)");
      },
    }),
    async (c) => {
      const type = c.req.header('Content-Type');
      if (type !== undefined && !BEACON_TYPES.test(type)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', "Invia l'evento in formato JSON (Content-Type: text/plain o application/json)");
      }
      const beacon = parseWith(clickBeaconSchema, parseJsonText(await c.req.text(), "Il corpo dell'evento non è un JSON valido"));
      if (fromOurPages(c.req.raw, allowedOrigin)) {
        const visitor = visitorOf(c, options.trustProxyHops);
        await services.analytics.recordClick(beacon, { ip: visitor.ip, userAgent: visitor.userAgent });
      }
      return c.body(null, 204);
    },
  );

  return app;
}

export function adminAnalyticsRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/analytics', async (c) => {
    const { days } = parseWith(analyticsQuerySchema, c.req.query());
    return c.json(await services.analytics.overview(days));
  });

  app.get('/builds/:id/analytics', async (c) => {
    const id = idParam(c);
    const { days } = parseWith(analyticsQuerySchema, c.req.query());
    return c.json(await services.analytics.forBuild(id, days));
  });

  return app;
}

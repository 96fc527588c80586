/**
 * /api/alerts: a visitor's price and stock alerts.
 *
 * - POST /api/alerts, JSON `{build, email, max_total?, component_id?, website?}` → 202
 *   `{message: 'Controlla la tua email'}` whatever the address's state (no enumeration), also past the
 *   limits or with the honeypot `website` filled (then nothing is stored or sent). 400 bad input, 404 no
 *   such public build, 413 oversized body, 503 when mail is not configured (naming SMTP_URL).
 *   The same path takes a plain HTML form (application/x-www-form-urlencoded, pages without JavaScript):
 *   the same checks, then 303 to the "Controlla la tua email" page; a refusal (4xx) is an HTML page with
 *   the Italian message and a link back to the build, not JSON.
 *   Every outcome answers no sooner than ALERT_ANSWER_MIN_MS after the request (decision 036). An address
 *   holding a control or invisible character is a 400 naming it.
 * - POST /api/alerts/unsubscribe/{token} → 200 `{message}`: ends the alert at once, whatever the body
 *   (RFC 8058 `List-Unsubscribe=One-Click`), without login; ending one already ended answers the same.
 * - Both refuse a post another site's page made with 403 (middleware/cross-site-posts.ts, mounted in app.ts).
 *
 * /api/admin/alerts: the visitors' alerts as the admin sees them: counts, targets and states, never an address.
 *
 * - GET /api/admin/alerts/stats → `{pending, builds: [{build_id, slug, title, active}], limits_reached:
 *   [{scope, window, count, until}]}`: the caps on confirmation mails full right now (decision 036).
 * - GET /api/admin/alerts → every unexpired alert's target, state and dates by build, beside the build's
 *   total today; never an address (alerts.schema.ts, adminAlertListSchema).
 * - DELETE /api/admin/alerts?email=… → `{deleted}`: every alert of that address's mailbox (any case,
 *   any `+tag`), on its owner's request; logged without the address. The admin's "Avvisi" screen uses it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import { paths } from '../../common/paths';
import { ALERT_SENT_MESSAGE, type AlertStatsResponse, subscribeRequestFromForm, subscribeSchema } from '../../modules/alerts/alerts.schema';
import type { AppServices } from '../../modules/services';
import { visitorOf } from '../client-ip';
import type { AppEnv } from '../hono-env';
import { plainPage } from '../plain-page';
import { parseWith, readJson } from '../middleware/json-body';

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
export const UNSUBSCRIBED_MESSAGE = 'Avviso annullato: non riceverai altre email per questo avviso';

export function alertRoutes(services: AppServices, options: { trustProxyHops: number }) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    services.alerts.assertEnabled();
    const isForm = FORM_TYPE.test(c.req.header('Content-Type') ?? '');
    if (!isForm) {
      const request = await readJson(c, subscribeSchema);
      await services.alerts.subscribe(request, { ip: visitorOf(c, options.trustProxyHops).ip });
      return c.json({ message: ALERT_SENT_MESSAGE }, 202);
    }
    // A page without JavaScript posted this: a refusal is a page the visitor can read, not JSON.
    let buildSlug: string | undefined;
    try {
      const fields = await formFields(c.req.raw);
      buildSlug = fields.build;
      const request = parseWith(subscribeSchema, subscribeRequestFromForm(fields));
      await services.alerts.subscribe(request, { ip: visitorOf(c, options.trustProxyHops).ip });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return formErrorPage(error, buildSlug);
      throw error;
    }
    return c.redirect(paths.alertSent(), 303);
  });

  app.post('/unsubscribe/:token', async (c) => {
    await services.alerts.unsubscribe(c.req.param('token'));
    return c.json({ message: UNSUBSCRIBED_MESSAGE }, 200);
  });

  return app;
}

const eraseQuerySchema = z.object({
  email: z.string({ error: "Indica l'indirizzo email" }).trim().min(3, "Indica l'indirizzo email").max(254, 'Indirizzo email non valido').includes('@', { message: 'Indirizzo email non valido' }),
});

export function adminAlertRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/alerts/stats', async (c) => {
    const [counts, limitsReached] = await Promise.all([services.alerts.stats(), services.alerts.limitsReached()]);
    const body: AlertStatsResponse = {
      pending: counts.pending,
      builds: counts.activeByBuild.map((b) => ({ build_id: b.buildId, slug: b.slug, title: b.title, active: b.active })),
      limits_reached: limitsReached,
    };
    return c.json(body);
  });

  app.get('/alerts', async (c) => c.json(await services.alerts.listForAdmin()));

  app.delete('/alerts', async (c) => {
    const { email } = parseWith(eraseQuerySchema, c.req.query());
    return c.json({ deleted: await services.alerts.eraseAddress(email) });
  });

  return app;
}

/**
 * The no-JavaScript form's refusal: a short Italian page with the reason and the way back to the build (the home page when the build is unknown). No script, no address echoed.
 */
function formErrorPage(error: AppError, buildSlug: string | undefined): Response {
  const back = buildSlug && error.status !== 404 ? { href: paths.build(buildSlug), text: 'Torna alla build' } : { href: paths.home(), text: 'Torna alla home' };
  return plainPage({ status: error.status, heading: 'Avviso non attivato', paragraphs: [{ text: error.message, testId: 'alert-form-error' }], link: back });
}

/** A form body's text fields (the last of a repeated name); a file field is refused. */
async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') throw new AppError('BAD_REQUEST', 'Il modulo contiene un file inatteso');
    if (value.includes('\u0000')) throw new AppError('BAD_REQUEST', 'Il modulo contiene un carattere non valido');
    fields[name] = value;
  }
  return fields;
}

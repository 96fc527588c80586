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
 */
import { Hono } from 'hono';
import { AppError } from '../../common/errors';
import { paths } from '../../common/paths';
import { ALERT_SENT_MESSAGE, subscribeRequestFromForm, subscribeSchema } from '../../modules/alerts/alerts.schema';
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

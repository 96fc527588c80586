/**
 * /api/admin/mail: what the outbox did, counts only.
 *
 * - GET /api/admin/mail/stats?days=7|30 (default 7) → `{days: [{day, sent}]}`: mails sent per Europe/Rome day,
 *   oldest first, today last, 0 on days without mail.
 */
import { Hono } from 'hono';
import { mailStatsQuerySchema, type MailStatsResponse } from '../../modules/mail/mail.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { parseWith } from '../middleware/json-body';

export function adminMailRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/mail/stats', async (c) => {
    const { days } = parseWith(mailStatsQuerySchema, c.req.query());
    const body: MailStatsResponse = { days: await services.mail.stats(Number(days)) };
    return c.json(body);
  });

  return app;
}

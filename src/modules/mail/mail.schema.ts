/** GET /api/admin/mail/stats: the mails sent per Europe/Rome day, counts only. */
import { z } from 'zod';

/** The windows the dashboard offers, in days. */
export const MAIL_STATS_DAYS = [7, 30] as const;

export const mailStatsQuerySchema = z.strictObject({
  days: z.enum(['7', '30'], { error: 'Il periodo deve essere di 7 o 30 giorni' }).default('7'),
});

export const mailStatsResponseSchema = z.strictObject({
  /** Oldest first, one entry per day of the window, today (Rome) last; days without mail count 0. */
  days: z.array(z.strictObject({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), sent: z.number().int().nonnegative() })),
});

export type MailStatsResponse = z.infer<typeof mailStatsResponseSchema>;

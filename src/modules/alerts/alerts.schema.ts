/** The subscribe request (POST /api/alerts, JSON or a plain HTML form) and the alert rules' constants. */
import { z } from 'zod';
import { MAX_EURO, MAX_EURO_LABEL, MAX_ROW_ID } from '../../common/bounds';

export const PENDING_TTL_MS = 48 * 3_600_000;
export const ACTIVE_TTL_MS = 180 * 86_400_000;

/** Subscribe requests that may send a confirmation mail: per address per 24-hour window... */
export const MAX_PENDING_PER_ADDRESS_PER_DAY = 3;
/** ...and per client network (IPv4 address or IPv6 /64) per hour. */
export const MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR = 10;

export const ALERT_SENT_MESSAGE = 'Controlla la tua email';

/** RFC 5321's longest address; a pragmatic shape check (one @, no spaces, a dot in the domain). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const subscribeSchema = z.object({
  build: z.string({ error: 'Indica la build' }).min(1, 'Indica la build').max(200, 'Build non trovata'),
  email: z
    .string({ error: "Indica l'indirizzo email" })
    .trim()
    .toLowerCase()
    .max(254, 'Indirizzo email non valido')
    .regex(EMAIL_PATTERN, 'Indirizzo email non valido'),
  max_total: z
    .number({ error: 'Il prezzo massimo deve essere un numero in euro' })
    .refine(Number.isFinite, 'Il prezzo massimo deve essere un numero in euro')
    .refine((value) => value > 0, 'Il prezzo massimo deve essere maggiore di 0 €')
    .refine((value) => value <= MAX_EURO, `Il prezzo massimo non può superare ${MAX_EURO_LABEL}`)
    .nullish(),
  component_id: z
    .number({ error: 'Componente non valido' })
    .int('Componente non valido')
    .positive('Componente non valido')
    .max(MAX_ROW_ID, 'Componente non valido')
    .nullish(),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.string().max(2048).optional(),
});

export type SubscribeRequest = z.infer<typeof subscribeSchema>;

/** A form post's fields (all text) as the JSON request's: empty fields are absent, numbers parsed (Italian comma accepted). */
export function subscribeRequestFromForm(form: Record<string, string>): Record<string, unknown> {
  const number = (value: string | undefined) => {
    if (value === undefined || value.trim() === '') return undefined;
    const text = value.trim();
    // "1.299,50" (Italian) or "1299.50": with a comma, dots group thousands.
    const parsed = Number(text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text);
    return Number.isNaN(parsed) ? value : parsed;
  };
  return {
    build: form.build,
    email: form.email,
    max_total: number(form.max_total),
    component_id: number(form.component_id),
    website: form.website,
  };
}

/** GET /api/admin/alerts/stats: counts only, never an address (issue 23, item 6). */
export const alertStatsResponseSchema = z.strictObject({
  /** Requests awaiting confirmation (deleted after 48 hours). */
  pending: z.number().int().nonnegative(),
  /** The builds with active alerts, and how many. */
  builds: z.array(z.strictObject({ build_id: z.number().int().positive(), slug: z.string(), title: z.string(), active: z.number().int().nonnegative() })),
});

export type AlertStatsResponse = z.infer<typeof alertStatsResponseSchema>;

/** The subscribe request (POST /api/alerts, JSON or a plain HTML form) and the alert rules' constants. */
import { z } from 'zod';
import { parseEuro } from '../../common/euro-amount';
import { MAX_EURO, MAX_EURO_LABEL, MAX_ROW_ID } from '../../common/bounds';

export const PENDING_TTL_MS = 48 * 3_600_000;
export const ACTIVE_TTL_MS = 180 * 86_400_000;

/** Confirmation mails per canonical mailbox (mailbox.ts) per 24-hour window: only mails actually enqueued count... */
export const MAX_PENDING_PER_ADDRESS_PER_DAY = 3;
/** ...and subscribe requests per client network (IPv4 address or IPv6 /64) per hour: every request counts. */
export const MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR = 10;
/**
 * A repeated request for a build whose pending alert had its confirmation mail less than this long ago
 * sends nothing and changes nothing: a probe cannot spend the mailbox's allowance on one build (decision 036).
 */
export const RESEND_CONFIRMATION_AFTER_MS = 10 * 60_000;

export const ALERT_SENT_MESSAGE = 'Controlla la tua email';

/** What is kept, why, for how long and how to stop: on the forms, their answers and the confirmation mail. */
export const PRIVACY_NOTE =
  "Conserviamo solo il tuo indirizzo email, la build e il prezzo scelto, per mandarti questo avviso e nient'altro. " +
  "Se non confermi entro 48 ore cancelliamo tutto; un avviso confermato dura al massimo 180 giorni e finisce quando scatta. " +
  'Puoi annullarlo in ogni momento dal link in fondo a ogni email.';

export const INVALID_EMAIL_MESSAGE = 'Indirizzo email non valido';
export const INVISIBLE_IN_EMAIL_MESSAGE = 'Indirizzo email non valido: contiene caratteri non ammessi (di controllo o invisibili)';

/**
 * Characters no mailbox name holds and a reader cannot see: control (Cc) and format (Cf: zero-width
 * spaces and joiners, U+2060 word joiner, U+FEFF, U+180E, the bidi controls, the soft hyphen), separators
 * (Z), private-use, surrogate and unassigned code points, and the invisible letters and marks fonts draw
 * as nothing (Hangul fillers, the combining grapheme joiner, variation selectors, the Khmer inherent vowels,
 * the blank Braille cell).
 * Mail software strips some of them before delivery, so an address holding one would reach the same inbox
 * as a "new" address (decision 036).
 */
export const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cs}\p{Cn}\u115F\u1160\u2800\u3164\uFFA0]|\p{Variation_Selector}|\u034F|\u17B4|\u17B5/u;

/** RFC 5321's longest address; a pragmatic shape check (one @, no spaces, a dot in the domain). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const subscribeSchema = z.object({
  build: z.string({ error: 'Indica la build' }).min(1, 'Indica la build').max(200, 'Build non trovata'),
  email: z
    .string({ error: "Indica l'indirizzo email" })
    .trim()
    .toLowerCase()
    .max(254, INVALID_EMAIL_MESSAGE)
    // Before the shape: the pattern below lets most of them through.
    .refine((value) => !INVISIBLE_CHARACTER.test(value), { message: INVISIBLE_IN_EMAIL_MESSAGE, abort: true })
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
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

/**
 * A form post's fields (all text) as the JSON request's: empty fields are absent; the target is read as
 * every typed euro amount is (euro-amount.ts: "1.150", "1 150", "1.150 €", "1150,50"); text that is not
 * an amount stays text, so the schema answers its Italian 400.
 */
export function subscribeRequestFromForm(form: Record<string, string>): Record<string, unknown> {
  const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
  const euro = (value: string | undefined) => (present(value) === undefined ? undefined : (parseEuro(value!) ?? value));
  const id = (value: string | undefined) => {
    const text = present(value)?.trim();
    return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : text;
  };
  return {
    build: form.build,
    email: form.email,
    max_total: euro(form.max_total),
    component_id: id(form.component_id),
    website: form.website,
  };
}

/** A cap on confirmation mails that is full now: new requests it covers send nothing until `until`. */
export const limitReachedSchema = z.strictObject({
  /** 'site': every confirmation mail; 'domain': those to one recipient domain (never named). */
  scope: z.enum(['site', 'domain']),
  window: z.enum(['hour', 'day']),
  /** How many caps of this scope and window are full (domains; 1 for the site). */
  count: z.number().int().positive(),
  /** When the last of them opens again (ISO). */
  until: z.string(),
});

export type LimitReached = z.infer<typeof limitReachedSchema>;

/** GET /api/admin/alerts/stats: counts only, never an address. */
export const alertStatsResponseSchema = z.strictObject({
  /** Requests awaiting confirmation (deleted after 48 hours). */
  pending: z.number().int().nonnegative(),
  /** The builds with active alerts, and how many. */
  builds: z.array(z.strictObject({ build_id: z.number().int().positive(), slug: z.string(), title: z.string(), active: z.number().int().nonnegative() })),
  /** The caps on confirmation mails that are full right now (empty: none). */
  limits_reached: z.array(limitReachedSchema),
});

export type AlertStatsResponse = z.infer<typeof alertStatsResponseSchema>;

/** The most alerts the admin's list shows; `truncated` says when there are more. */
export const MAX_ADMIN_LISTED_ALERTS = 500;

const adminAlertSchema = z.strictObject({
  id: z.number().int().positive(),
  /** 'price': a drop of the build's total under `target`; 'stock': the part back in stock. */
  kind: z.enum(['price', 'stock']),
  /** The part a stock alert watches; null for a price alert. */
  component_name: z.string().nullable(),
  /** Euro; null for a stock alert without a target. */
  target: z.number().nullable(),
  /** 'pending': waiting for the address to confirm; 'active': confirmed, it can fire. */
  status: z.enum(['pending', 'active']),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  expires_at: z.string(),
});

/**
 * GET /api/admin/alerts: every unexpired alert with its target, by build, never an address. `total` is
 * the build's total today (null when it cannot be read), beside which a mistaken target shows.
 * `mail_enabled`: whether the site sends mail at all (SMTP_URL).
 */
export const adminAlertListSchema = z.strictObject({
  builds: z.array(
    z.strictObject({
      build_id: z.number().int().positive(),
      slug: z.string(),
      title: z.string(),
      total: z.number().nullable(),
      alerts: z.array(adminAlertSchema),
    }),
  ),
  truncated: z.boolean(),
  mail_enabled: z.boolean(),
});

export type AdminAlertList = z.infer<typeof adminAlertListSchema>;
export type AdminAlert = z.infer<typeof adminAlertSchema>;

/** DELETE /api/admin/alerts?email=…: how many alerts of that address were erased. */
export const eraseAlertsResponseSchema = z.strictObject({ deleted: z.number().int().nonnegative() });

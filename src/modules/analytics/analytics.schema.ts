/**
 * Shapes of the click analytics: the public pages' beacon, the admin's window query, and the admin
 * answers (parsed by the admin client, src/app/admin/api).
 */
import { z } from 'zod';
import { MAX_ROW_ID } from '../../common/bounds';

const BEACON_MESSAGE = "Evento non valido: servono 'build' e 'component_id' oppure target 'cart'";

const buildSlug = z.string({ error: BEACON_MESSAGE }).min(1, BEACON_MESSAGE).max(120, BEACON_MESSAGE);

/**
 * `POST /api/events/click`: a click on a component's Amazon link, or on 'Compra Tutto su Amazon'. Strict:
 * anything else in the body is not a beacon of our pages. A component link with `asin` is the link of the
 * alternative the visitor swapped the component for (decision 030): counted under that ASIN.
 */
export const clickBeaconSchema = z.union(
  [
    z.strictObject(
      {
        build: buildSlug,
        component_id: z.number({ error: BEACON_MESSAGE }).int(BEACON_MESSAGE).positive(BEACON_MESSAGE).max(MAX_ROW_ID, BEACON_MESSAGE),
        asin: z.string({ error: BEACON_MESSAGE }).regex(/^[A-Z0-9]{10}$/, BEACON_MESSAGE).optional(),
      },
      { error: BEACON_MESSAGE },
    ),
    z.strictObject({ build: buildSlug, target: z.literal('cart', { error: BEACON_MESSAGE }) }, { error: BEACON_MESSAGE }),
  ],
  { error: BEACON_MESSAGE },
);

export type ClickBeacon = z.infer<typeof clickBeaconSchema>;

const MAX_ANALYTICS_DAYS = 365;
const DEFAULT_ANALYTICS_DAYS = 30;
const DAYS_MESSAGE = `Il periodo deve essere un numero intero di giorni tra 1 e ${MAX_ANALYTICS_DAYS}`;

/** `?days=N`: the window, in Europe/Rome days ending today. */
export const analyticsQuerySchema = z.object({
  days: z
    .string({ error: DAYS_MESSAGE })
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, DAYS_MESSAGE).max(MAX_ANALYTICS_DAYS, DAYS_MESSAGE))
    .optional()
    .transform((days) => days ?? DEFAULT_ANALYTICS_DAYS),
});

const count = z.number().int().min(0);
/** Clicks per counted view (0 without views); may exceed 1, since a reader may click several links. */
const rate = z.number().min(0);

export const buildAnalyticsRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  views: count,
  /** Every affiliate click: component links and the cart link. */
  clicks: count,
  /** Of which on 'Compra Tutto su Amazon'. */
  cart_clicks: count,
  click_rate: rate,
  /** Visits that swapped or marked as owned at least one part (decision 030). */
  personalized_views: count,
  /** A deleted build, whose counts are kept (decision 027): `id` and `slug` are the ones it had. */
  deleted: z.boolean(),
});

/**
 * A swap or an owned part visitors chose (decision 030): `count` visitors (each once per 30 minutes) chose
 * it. A swap names the alternative (`asin`, `name`); an owned part the component (its ASIN, null when it
 * has none).
 */
export const choiceCountSchema = z.object({
  kind: z.enum(['swap', 'owned']),
  /** Null once the component is deleted. */
  component_id: z.number().int().nullable(),
  asin: z.string().nullable(),
  name: z.string(),
  count,
});

/** The most chosen across builds, with the build they were chosen on. */
export const overviewChoiceSchema = choiceCountSchema.extend({
  build_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  deleted: z.boolean(),
  /** The build's personalised visits in the window: "count visitatori su personalized_views". */
  personalized_views: count,
});

export const componentClicksSchema = z.object({
  asin: z.string().nullable(),
  name: z.string(),
  clicks: count,
});

/** `GET /api/admin/analytics?days=N` */
export const analyticsOverviewSchema = z.object({
  /** First and last day of the window ('YYYY-MM-DD', Europe/Rome). */
  from: z.string(),
  to: z.string(),
  builds: z.array(buildAnalyticsRowSchema),
  components: z.array(componentClicksSchema),
  /** The 5 most chosen swaps and owned parts across builds, most chosen first. */
  choices: z.array(overviewChoiceSchema),
});

/** `GET /api/admin/builds/{id}/analytics?days=N` */
export const buildAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  views: count,
  clicks: count,
  cart_clicks: count,
  click_rate: rate,
  /** Every day of the window, oldest first, zeros included. */
  days: z.array(z.object({ day: z.string(), views: count, clicks: count })),
  components: z.array(componentClicksSchema.extend({ id: z.number().int() })),
  /** Visits that swapped or marked as owned at least one part (decision 030). */
  personalized_views: count,
  /** The 10 most chosen swaps and owned parts, most chosen first. */
  choices: z.array(choiceCountSchema),
});

export type BuildAnalyticsRow = z.infer<typeof buildAnalyticsRowSchema>;
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
export type BuildAnalytics = z.infer<typeof buildAnalyticsSchema>;
export type ChoiceCount = z.infer<typeof choiceCountSchema>;
export type OverviewChoice = z.infer<typeof overviewChoiceSchema>;

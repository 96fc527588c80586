/** Build revisions: the snapshot kept at each save or automatic change, and the API's answers. */
import { z } from 'zod';
import { toSingleLine, toSingleLineOrNull } from '../../common/single-line';
import { buildAdminSchema } from './builds.schema';

/**
 * The single-line fields of a snapshot, normalised as they are read: a revision taken before the write
 * paths normalised them may hold a line break, which a restore must not bring back (decision 037).
 */
const line = z.string().transform(toSingleLine);
const optionalLine = z.string().nullable().transform(toSingleLineOrNull);

/** The build's own fields a revision keeps (everything the editor edits; not slug, views or dates). */
export const snapshotBuildSchema = z.object({
  title: line,
  description: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  budget_cents: z.number().nullable(),
  status: z.string(),
  featured_image: z.string().nullable(),
  meta_title: optionalLine,
  meta_description: optionalLine,
  affiliate_tag: z.string().nullable(),
  /** Scheduled publishing; absent in snapshots taken before it existed (read as null). */
  publish_at: z.string().nullable().default(null),
});

/** A component as a revision keeps it: its id (to restore into the same row when it still exists) and what the page shows. */
export const snapshotComponentSchema = z.object({
  id: z.number(),
  type: line,
  name: line,
  brand: optionalLine,
  model: optionalLine,
  specs: z.string().nullable(),
  price_cents: z.number().nullable(),
  price_source: z.string().nullable(),
  price_updated_at: z.string().nullable(),
  availability: z.string().nullable(),
  amazon_link: z.string().nullable(),
  asin: z.string().nullable(),
  position: z.number(),
  is_replaced: z.number(),
  replacement_reason: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The author's attribute overrides; absent in snapshots taken before them (read as none). */
  attribute_overrides: z.string().nullable().default(null),
});

export const revisionSnapshotSchema = z.object({ build: snapshotBuildSchema, components: z.array(snapshotComponentSchema) });

/**
 * Whether a revision's schedule has already passed at `now` (ISO): such a revision is restored without its
 * publication state (status, publish_at), which stays as the build has it now. Bringing back a past
 * schedule would make the build public at once and date it in the past; a schedule is an intention for
 * the future, not content. Shared by the restore (server) and the 'Cronologia' comparison (browser).
 */
export function scheduleHasPassed(build: Pick<RevisionSnapshot['build'], 'status' | 'publish_at'>, now: string): boolean {
  return build.status === 'scheduled' && (build.publish_at === null || build.publish_at <= now);
}

export const revisionSummarySchema = z.object({ id: z.number(), created_at: z.string(), title: z.string(), reason: z.string(), author: z.string() });

/** GET /api/admin/builds/{id}/revisions */
export const revisionListResponseSchema = z.object({ revisions: z.array(revisionSummarySchema) });
/** GET /api/admin/builds/{id}/revisions/{rid} */
export const revisionResponseSchema = z.object({ revision: revisionSummarySchema.extend({ snapshot: revisionSnapshotSchema }) });

/** POST /api/admin/builds/{id}/revisions/{rid}/restore: the build as it now is. */
export const restoredRevisionResponseSchema = z.object({ ok: z.literal(true), build: buildAdminSchema });

export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

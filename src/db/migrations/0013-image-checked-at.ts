/**
 * When a component's retailer image link was last confirmed by the retailer (an observation, or the
 * editor's search or lookup when the author chose the product). Amazon's data may be kept for at most
 * 24 hours (affiliate-compliance.md): the public pages show an image only while that is recent, and a
 * job looks up the images of public builds before they get that old (decision 024). Existing images
 * count from the last retailer check of their component, the best time known. Frozen: add a new
 * migration for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('components').addColumn('image_checked_at', 'varchar(40)').execute();
  await sql`UPDATE components SET image_checked_at = availability_checked_at WHERE image_url IS NOT NULL`.execute(db);
}

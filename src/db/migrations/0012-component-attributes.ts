/**
 * Compatibility checks (decision 023): the attributes the author set by hand on a component, overriding the
 * ones derived from its name and specs. JSON text (`{"socket":"AM5","watts":230}`), null when none:
 * derived attributes are never stored, so a better rule improves every build at once. A replacement
 * record keeps the original's overrides so a restore brings them back. Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('components').addColumn('attribute_overrides', 'text').execute();
  await db.schema.alterTable('replacements').addColumn('original_attribute_overrides', 'text').execute();
}

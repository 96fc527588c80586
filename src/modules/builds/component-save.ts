/**
 * The editor's components saved by id: new ones inserted, changed ones updated column by column, the
 * ones no longer listed deleted. Never a wipe and re-insert, so price metadata, tiers and replacement
 * history survive an edit (docs/architecture.md, "Data rules").
 */
import type { Kysely } from 'kysely';
import { extractAsin } from '../../common/asin';
import { serializeOverrides } from '../../compatibility/overrides';
import { AppError } from '../../common/errors';
import type { ComponentRow, ComponentUpdate, Database, NewComponentRow } from '../../db/tables';
import * as repo from './builds.repository';
import type { ComponentInput } from './builds.schema';
import * as components from './components.repository';

/** The columns an author edits, from the editor's input: written on insert, compared on update. */
function componentColumns(input: ComponentInput, position: number) {
  return {
    type: input.type,
    name: input.name,
    brand: input.brand,
    model: input.model,
    specs: input.specs,
    price_cents: input.price,
    amazon_link: input.amazon_link,
    asin: input.asin ?? extractAsin(input.amazon_link),
    position,
  };
}

function newComponentRow(buildId: number, input: ComponentInput, position: number, now: string): NewComponentRow {
  return {
    build_id: buildId,
    ...componentColumns(input, position),
    image_url: input.image_url ?? null,
    // The editor's image comes from the retailer's answer the author just chose (search, lookup, import).
    image_checked_at: input.image_url ? now : null,
    attribute_overrides: serializeOverrides(input.attribute_overrides ?? {}),
    price_source: input.price === null ? null : 'manual',
    price_updated_at: input.price === null ? null : now,
    created_at: now,
    updated_at: now,
  };
}

/** Only the columns that changed, so unchanged components keep their timestamps and price metadata. */
function componentChanges(existing: ComponentRow, input: ComponentInput, position: number, now: string): ComponentUpdate | null {
  const next = componentColumns(input, position);
  const changes: ComponentUpdate = {};
  for (const [key, value] of Object.entries(next) as [keyof typeof next, string | number | null][]) {
    if (existing[key] !== value) (changes as Record<string, unknown>)[key] = value;
  }
  // The image and the author's attributes describe the product: an editor that does not send them
  // (undefined) keeps the stored ones, unless the product changed.
  const sentOrKept = <T,>(sent: T | undefined, stored: T | null) => (sent !== undefined ? sent : 'asin' in changes ? null : stored);
  const imageUrl = sentOrKept(input.image_url, existing.image_url);
  if (imageUrl !== existing.image_url) {
    changes.image_url = imageUrl;
    changes.image_checked_at = imageUrl === null ? null : now;
  }
  const overrides = sentOrKept(input.attribute_overrides && serializeOverrides(input.attribute_overrides), existing.attribute_overrides);
  if (overrides !== existing.attribute_overrides) changes.attribute_overrides = overrides;
  if (Object.keys(changes).length === 0) return null;
  if ('price_cents' in changes) {
    // A price typed by the author is editorial and carries the date it was entered.
    changes.price_source = input.price === null ? null : 'manual';
    changes.price_updated_at = input.price === null ? null : now;
  }
  if ('asin' in changes) {
    // Another product: what we knew about the old one's availability no longer applies.
    changes.availability = null;
    changes.availability_checked_at = null;
  }
  changes.updated_at = now;
  return changes;
}

/** Inserts new components, updates changed ones by id and deletes the ones no longer listed. */
export async function saveComponents(trx: Kysely<Database>, buildId: number, inputs: ComponentInput[], now: string): Promise<void> {
  const existing = new Map((await repo.listComponents(trx, buildId)).map((c) => [c.id, c]));
  const keep = new Set<number>();
  const inserts: NewComponentRow[] = [];
  for (const [index, input] of inputs.entries()) {
    const position = input.position ?? index;
    if (input.id === undefined) {
      inserts.push(newComponentRow(buildId, input, position, now));
      continue;
    }
    const current = existing.get(input.id);
    if (!current || keep.has(input.id)) {
      throw new AppError('VALIDATION_ERROR', `Componente ${index + 1}: il componente ${input.id} non appartiene a questa build`, {
        fields: { [`components.${index}.id`]: 'Componente non trovato in questa build' },
      });
    }
    keep.add(input.id);
    const changes = componentChanges(current, input, position, now);
    if (changes) await components.updateComponent(trx, input.id, changes);
  }
  await components.deleteComponents(trx, [...existing.keys()].filter((id) => !keep.has(id)));
  await components.insertComponents(trx, inserts);
}

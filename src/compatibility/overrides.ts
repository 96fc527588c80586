/**
 * The attributes an author sets by hand over the derived ones (decision 023): validated on input, stored as
 * JSON in `components.attribute_overrides`, read back tolerantly (a row written by a later version
 * with keys this one does not know still loads).
 */
import { z } from 'zod';
import { type ComponentAttributes, CPU_SOCKETS, FORM_FACTORS, MEMORY_TYPES } from './attributes';

export const MAX_COMPONENT_WATTS = 3000;

const WATTS_MESSAGE = `La potenza deve essere un numero intero di watt tra 1 e ${MAX_COMPONENT_WATTS}`;

const overrideFields = {
  socket: z.enum(CPU_SOCKETS, { error: `Socket non valido: usa uno tra ${CPU_SOCKETS.join(', ')}` }).nullish(),
  memory_type: z.enum(MEMORY_TYPES, { error: `Tipo di memoria non valido: usa ${MEMORY_TYPES.join(' o ')}` }).nullish(),
  form_factor: z.enum(FORM_FACTORS, { error: `Formato non valido: usa uno tra ${FORM_FACTORS.join(', ')}` }).nullish(),
  watts: z.number({ error: WATTS_MESSAGE }).int(WATTS_MESSAGE).min(1, WATTS_MESSAGE).max(MAX_COMPONENT_WATTS, WATTS_MESSAGE).nullish(),
};

/** API input: every key optional; null or absent means "derive it". Unknown keys are refused (a typo would silently do nothing). */
export const attributeOverridesSchema = z
  .strictObject(overrideFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Attributo sconosciuto: usa socket, memory_type, form_factor o watts' : 'Gli attributi del componente devono essere un oggetto',
  })
  .transform((value) => withoutEmpty(value));

function withoutEmpty(value: { [key: string]: unknown }): ComponentAttributes {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined));
}

/** The stored form: null when nothing is overridden, so "no overrides" has one representation. */
export function serializeOverrides(overrides: ComponentAttributes): string | null {
  const kept = withoutEmpty(overrides as Record<string, unknown>);
  return Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
}

/**
 * Overrides read key by key, keeping only the values a save would accept: a stored row written by a
 * later version, or an editor input still being typed, loses only what cannot be read.
 */
export function readOverrides(value: unknown): ComponentAttributes {
  if (typeof value !== 'object' || value === null) return {};
  const read: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(overrideFields)) {
    const field = schema.safeParse((value as Record<string, unknown>)[key]);
    if (field.success && field.data !== null && field.data !== undefined) read[key] = field.data;
  }
  return read;
}

/** The stored form read back; anything unreadable counts as no override (the derived value then applies). */
export function parseStoredOverrides(stored: string | null | undefined): ComponentAttributes {
  if (!stored) return {};
  try {
    return readOverrides(JSON.parse(stored));
  } catch {
    return {};
  }
}

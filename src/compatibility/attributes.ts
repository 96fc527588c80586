/**
 * The attributes that decide whether a build's parts work together (decision 023), and which part carries
 * which. Shared by the server (checks API, public page, smart replacement) and the admin editor (live
 * checks), so both judge a build by the same rules. Pure data and functions: no I/O.
 */

export const CPU_SOCKETS = ['AM4', 'AM5', 'LGA1200', 'LGA1700', 'LGA1851'] as const;
export type CpuSocket = (typeof CPU_SOCKETS)[number];

export const MEMORY_TYPES = ['DDR4', 'DDR5'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Largest first: a case that takes one size takes every smaller one too. */
export const FORM_FACTORS = ['E-ATX', 'ATX', 'Micro-ATX', 'Mini-ITX'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

/**
 * What is known of one component. Every field is optional: unknown stays unknown (a check on it says
 * 'unknown', never a false error).
 * - socket: CPU and motherboard.
 * - memory_type: RAM and motherboard.
 * - form_factor: the motherboard's size; for a case, the largest board it takes.
 * - watts: CPU and GPU, the most they draw under sustained load (AMD PPT, Intel maximum turbo power,
 *   graphics card total board power); PSU, its rated continuous output.
 */
export interface ComponentAttributes {
  socket?: CpuSocket;
  memory_type?: MemoryType;
  form_factor?: FormFactor;
  watts?: number;
}

export const ATTRIBUTE_KEYS = ['socket', 'memory_type', 'form_factor', 'watts'] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** The parts the checks know. Storage, coolers and anything else carry no attribute. */
export type PartKind = 'CPU' | 'Motherboard' | 'RAM' | 'GPU' | 'PSU' | 'Case';

/** Which attributes each kind of part carries (what the editor offers to override). */
export const ATTRIBUTES_OF: Record<PartKind, readonly AttributeKey[]> = {
  CPU: ['socket', 'watts'],
  Motherboard: ['socket', 'memory_type', 'form_factor'],
  RAM: ['memory_type'],
  GPU: ['watts'],
  PSU: ['watts'],
  Case: ['form_factor'],
};

/** What the parts of a component are, from its free-text type (the editor's, the importer's or the author's own words). */
const KIND_BY_TYPE: readonly [PartKind, RegExp][] = [
  ['Motherboard', /^(motherboard|mainboard|scheda madre|mobo)$/i],
  ['CPU', /^(cpu|processore|processor)$/i],
  ['RAM', /^(ram|memoria( ram)?|memory)$/i],
  ['GPU', /^(gpu|scheda (video|grafica)|graphics card|vga)$/i],
  ['PSU', /^(psu|alimentatore|power supply)$/i],
  ['Case', /^(case|cabinet|chassis)$/i],
];

export function partKindOf(type: string): PartKind | null {
  const trimmed = type.trim();
  return KIND_BY_TYPE.find(([, pattern]) => pattern.test(trimmed))?.[0] ?? null;
}

/** The facts a component's attributes are read from. */
export interface ComponentFacts {
  type: string;
  name: string;
  brand?: string | null;
  model?: string | null;
  specs?: string | null;
}

/**
 * The compatibility and power checks of a build (decision 023), from its parts' attributes. A check only
 * runs when the build has both parts it compares; a missing attribute makes it 'unknown' (never a false
 * error), except that a mismatch already certain between known values stays an error.
 */
import { withArticle } from '../common/italian-article';
import { type ComponentAttributes, FORM_FACTORS, type FormFactor, type PartKind, partKindOf } from './attributes';

export const CHECK_RULES = ['cpu_socket', 'memory_type', 'form_factor', 'psu_power'] as const;
export type CheckRule = (typeof CHECK_RULES)[number];
export type CheckStatus = 'ok' | 'warning' | 'error' | 'unknown';

export interface CompatibilityCheck {
  rule: CheckRule;
  status: CheckStatus;
  message: string;
}

export interface CompatibilityReport {
  checks: CompatibilityCheck[];
  /** The build's estimated draw under load in watts; null when a CPU's or graphics card's power is unknown (or there is no CPU). */
  estimated_watts: number | null;
}

/** A component as the checks see it: its free-text type and its resolved attributes (derived, then the author's overrides). */
export interface CheckedPart {
  type: string;
  attributes: ComponentAttributes;
}

interface KindedPart extends CheckedPart {
  kind: PartKind | null;
}

/** Short Italian names of the checks, for lists and the public page. */
export const CHECK_LABELS: Record<CheckRule, string> = {
  cpu_socket: 'Socket processore e scheda madre',
  memory_type: 'Memoria RAM e scheda madre',
  form_factor: 'Scheda madre e case',
  psu_power: 'Alimentatore',
};

/** Everything but CPU and graphics card: motherboard, memory, fans and USB devices, a fair flat figure. */
export const BASE_SYSTEM_WATTS = 60;
/** Per drive: an NVMe SSD under load draws 5–9 W, a hard disk up to 10 W. */
export const STORAGE_WATTS = 8;
/** The margin a power supply should keep over the estimated draw (transients, efficiency, ageing): 30–40 %. */
export const PSU_HEADROOM = 0.3;

const isStorage = (type: string) => /^(storage|ssd|hdd|hard disk|archiviazione)$/i.test(type.trim());

/** Values of one attribute over the parts of one kind: the known ones, and whether some are unknown. */
function valuesOf<K extends keyof ComponentAttributes>(parts: KindedPart[], kind: PartKind, key: K) {
  const ofKind = parts.filter((part) => part.kind === kind);
  const known = ofKind.map((part) => part.attributes[key]).filter((value): value is NonNullable<ComponentAttributes[K]> => value !== undefined);
  return { present: ofKind.length > 0, known: [...new Set(known)], unknown: known.length < ofKind.length };
}

/** A check that two kinds of part carry the same value of one attribute (socket, memory type), with its messages. */
interface SameValueRule {
  rule: CheckRule;
  part: PartKind;
  board: PartKind;
  key: 'socket' | 'memory_type';
  mismatch: (part: string, board: string) => string;
  partUnknown: string;
  boardUnknown: string;
  ok: (value: string) => string;
}

const SAME_VALUE_RULES: readonly SameValueRule[] = [
  {
    rule: 'cpu_socket',
    part: 'CPU',
    board: 'Motherboard',
    key: 'socket',
    mismatch: (cpu, board) => `Il processore usa il socket ${cpu}, ma la scheda madre ha il socket ${board}`,
    partUnknown: 'Socket del processore non riconosciuto: compatibilità con la scheda madre non verificabile',
    boardUnknown: 'Socket della scheda madre non riconosciuto: compatibilità con il processore non verificabile',
    ok: (socket) => `Processore e scheda madre usano lo stesso socket (${socket})`,
  },
  {
    rule: 'memory_type',
    part: 'RAM',
    board: 'Motherboard',
    key: 'memory_type',
    mismatch: (ram, board) => `La RAM è ${ram}, ma la scheda madre supporta la ${board}`,
    partUnknown: 'Tipo di RAM non riconosciuto (DDR4 o DDR5): compatibilità con la scheda madre non verificabile',
    boardUnknown: 'Tipo di memoria della scheda madre non riconosciuto: compatibilità con la RAM non verificabile',
    ok: (type) => `RAM e scheda madre usano la stessa memoria (${type})`,
  },
];

function sameValueCheck(parts: KindedPart[], { rule, part, board, key, ...messages }: SameValueRule): CompatibilityCheck | null {
  const ofPart = valuesOf(parts, part, key);
  const ofBoard = valuesOf(parts, board, key);
  if (!ofPart.present || !ofBoard.present) return null;
  const mismatch = ofPart.known.find((value) => ofBoard.known.some((other) => other !== value));
  if (mismatch) return { rule, status: 'error', message: messages.mismatch(mismatch, ofBoard.known.find((other) => other !== mismatch)!) };
  if (ofPart.unknown || ofPart.known.length === 0) return { rule, status: 'unknown', message: messages.partUnknown };
  if (ofBoard.unknown || ofBoard.known.length === 0) return { rule, status: 'unknown', message: messages.boardUnknown };
  return { rule, status: 'ok', message: messages.ok(ofPart.known[0]!) };
}

/** A board fits a case that takes boards of its size or larger (FORM_FACTORS is ordered largest first). */
const fits = (board: FormFactor, caseTakes: FormFactor) => FORM_FACTORS.indexOf(board) >= FORM_FACTORS.indexOf(caseTakes);

/**
 * An E-ATX board in an ATX case may well fit: E-ATX boards vary in width (up to about 280 mm against
 * ATX's 244) and many ATX mid-towers take them, and a case guessed ATX from its tower class says less
 * still. A warning, not an error; every other board too large for its case is an error.
 */
const mayFit = (board: FormFactor, caseTakes: FormFactor) => board === 'E-ATX' && caseTakes === 'ATX';

function formFactorCheck(parts: KindedPart[]): CompatibilityCheck | null {
  const board = valuesOf(parts, 'Motherboard', 'form_factor');
  const chassis = valuesOf(parts, 'Case', 'form_factor');
  if (!board.present || !chassis.present) return null;
  const tooLarge = board.known.flatMap((size) =>
    chassis.known.filter((caseTakes) => !fits(size, caseTakes)).map((caseTakes) => ({ size, caseTakes })),
  );
  const certain = tooLarge.find(({ size, caseTakes }) => !mayFit(size, caseTakes));
  if (certain) return { rule: 'form_factor', status: 'error', message: `La scheda madre ${certain.size} non entra in un case ${certain.caseTakes}` };
  if (tooLarge.length > 0) {
    return {
      rule: 'form_factor',
      status: 'warning',
      message:
        'La scheda madre E-ATX potrebbe non entrare in un case ATX: controlla la larghezza massima di scheda madre ' +
        'supportata dal case (molti mid-tower ATX accettano schede E-ATX fino a circa 280 mm)',
    };
  }
  if (board.unknown || board.known.length === 0) return { rule: 'form_factor', status: 'unknown', message: 'Formato della scheda madre non riconosciuto: compatibilità con il case non verificabile' };
  if (chassis.unknown || chassis.known.length === 0) return { rule: 'form_factor', status: 'unknown', message: 'Formato del case non riconosciuto: compatibilità con la scheda madre non verificabile' };
  const size = board.known.reduce((largest, next) => (FORM_FACTORS.indexOf(next) < FORM_FACTORS.indexOf(largest) ? next : largest));
  return { rule: 'form_factor', status: 'ok', message: `La scheda madre ${size} entra nel case (fino a ${chassis.known[0]})` };
}

/** The draw under load: CPUs and graphics cards as rated, plus the rest of the system. Null when a CPU's or a card's power is unknown. */
function estimateWatts(parts: KindedPart[]): number | null {
  const drawing = parts.filter((part) => part.kind === 'CPU' || part.kind === 'GPU');
  if (!parts.some((part) => part.kind === 'CPU')) return null;
  if (drawing.some((part) => part.attributes.watts === undefined)) return null;
  const storage = parts.filter((part) => isStorage(part.type)).length;
  const total = drawing.reduce((sum, part) => sum + part.attributes.watts!, 0) + BASE_SYSTEM_WATTS + storage * STORAGE_WATTS;
  return Math.ceil(total / 10) * 10;
}

/** The smallest supply with the recommended margin, rounded up to the 50 W steps supplies are sold in. */
export function recommendedPsuWatts(estimated: number): number {
  return Math.ceil((estimated * (1 + PSU_HEADROOM)) / 50) * 50;
}

const NO_CPU_MESSAGE = 'Nessun processore nella build: consumo non stimabile';

function powerCheck(parts: KindedPart[], estimated: number | null): CompatibilityCheck | null {
  const supply = valuesOf(parts, 'PSU', 'watts');
  if (!supply.present) return null;
  if (estimated === null) {
    if (!parts.some((part) => part.kind === 'CPU')) return { rule: 'psu_power', status: 'unknown', message: NO_CPU_MESSAGE };
    const unknownPart = parts.find((part) => (part.kind === 'CPU' || part.kind === 'GPU') && part.attributes.watts === undefined);
    const what = unknownPart?.kind === 'GPU' ? 'della scheda video' : 'del processore';
    return { rule: 'psu_power', status: 'unknown', message: `Potenza ${what} non riconosciuta: consumo non stimabile` };
  }
  if (supply.known.length === 0 || supply.unknown) return { rule: 'psu_power', status: 'unknown', message: `Potenza dell'alimentatore non riconosciuta (consumo stimato ${estimated} W)` };
  const watts = Math.max(...supply.known);
  if (watts < estimated) return { rule: 'psu_power', status: 'error', message: `L'alimentatore da ${watts} W è sotto il consumo stimato di ${estimated} W` };
  const margin = Math.round(((watts - estimated) / estimated) * 100);
  if (watts < estimated * (1 + PSU_HEADROOM)) {
    return {
      rule: 'psu_power',
      status: 'warning',
      message: `L'alimentatore da ${watts} W lascia solo ${withArticle(margin)} % di margine sul consumo stimato di ${estimated} W: consigliato almeno ${recommendedPsuWatts(estimated)} W (margine del 30–40 %)`,
    };
  }
  return { rule: 'psu_power', status: 'ok', message: `L'alimentatore da ${watts} W copre il consumo stimato di ${estimated} W con ${withArticle(margin)} % di margine` };
}

/** Every check that applies to the build, in a fixed order, and its estimated draw. */
export function checkCompatibility(components: readonly CheckedPart[]): CompatibilityReport {
  const parts = components.map((part) => ({ ...part, kind: partKindOf(part.type) }));
  const estimated = estimateWatts(parts);
  const checks = [...SAME_VALUE_RULES.map((rule) => sameValueCheck(parts, rule)), formFactorCheck(parts), powerCheck(parts, estimated)].filter(
    (check): check is CompatibilityCheck => check !== null,
  );
  return { checks, estimated_watts: estimated };
}

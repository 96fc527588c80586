/**
 * Reads a component's compatibility attributes (attributes.ts) from what is written about it: name,
 * brand, model and specs, read together. Rules and tables live in ./data; this file only applies them.
 * Unknown stays unknown: where the text is silent or contradicts itself, the attribute is left out
 * rather than guessed (a brand alone never gives a socket; a written socket that disagrees with the
 * chipset or CPU model gives no socket).
 * Pure, synchronous and isomorphic (the admin client bundles it): no I/O, every pattern compiled once.
 */
import {
  ATTRIBUTES_OF,
  type ComponentAttributes,
  type ComponentFacts,
  type CpuSocket,
  FORM_FACTORS,
  type FormFactor,
  type MemoryType,
  type PartKind,
  partKindOf,
} from './attributes';
import { AMD_PPT_BY_TDP } from './data/amd-ppt';
import { BOARD_MEMORY_BY_SOCKET } from './data/board-memory';
import { CHIPSET_SOCKETS } from './data/chipsets';
import { CPU_FAMILY_SOCKETS } from './data/cpu-families';
import { CPU_POWER } from './data/cpu-power';
import { BOARD_SIZE_SPELLINGS, CHIPSET_SUFFIX_SIZES, NOT_A_BOARD_SIZE, TOWER_SIZES } from './data/form-factors';
import { GPU_POWER } from './data/gpu-power';
import { PSU_MODEL_PATTERNS } from './data/psu-models';
import { type CpuModel, cpuModelKey, cpuModelsIn, gpuChipsIn, memorySizesIn } from './models';

export function deriveAttributes(facts: ComponentFacts): ComponentAttributes {
  const kind = partKindOf(facts.type);
  if (!kind) return {};
  const text = textOf(facts);
  const read = READERS[kind](text);
  const attributes: ComponentAttributes = {};
  for (const key of ATTRIBUTES_OF[kind]) {
    if (read[key] !== undefined) Object.assign(attributes, { [key]: read[key] });
  }
  return attributes;
}

const READERS: Record<PartKind, (text: string) => ComponentAttributes> = {
  CPU: (text) => ({ socket: cpuSocket(text), watts: cpuWatts(text) }),
  Motherboard: (text) => {
    const socket = boardSocket(text);
    return { socket, memory_type: boardMemory(text, socket), form_factor: boardFormFactor(text) };
  },
  RAM: (text) => ({ memory_type: only(memoryTypesIn(text, RAM_MEMORY)) }),
  GPU: (text) => ({ watts: gpuWatts(text) }),
  PSU: (text) => ({ watts: psuWatts(text) }),
  Case: (text) => ({ form_factor: caseFormFactor(text) }),
};

/** One text of every field, with the symbols shops sprinkle in names (Core™, Intel®) turned to spaces. */
function textOf(facts: ComponentFacts): string {
  return [facts.brand, facts.name, facts.model, facts.specs]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' | ')
    .replace(/[™®©\u00a0]|\(TM\)|\(R\)/g, ' ');
}

/** The one value the text agrees on; nothing when it says nothing or several different things. */
function only<T>(values: Iterable<T | undefined>): T | undefined {
  const distinct = new Set([...values].filter((value): value is T => value !== undefined));
  return distinct.size === 1 ? distinct.values().next().value : undefined;
}

/** Which capturing group matched, for patterns of one group per alternative (one per table row). */
function matchedGroup(match: RegExpMatchArray): number {
  return match.slice(1).findIndex((group) => group !== undefined);
}

/** The numbers a pattern of numeric groups finds (one group per alternative). */
function numbersIn(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => Number(match[matchedGroup(match) + 1]));
}

/** A phrase list as one regular-expression alternation, longest first; ' ' stands for ' ', '-' or nothing. */
function phrasePattern(phrases: readonly string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]?'))
    .join('|');
}

// ---- Sockets ----

// "AM5", "socket AM4", "LGA 1700", "LGA-1851", "FCLGA1200", "Socket 1700".
const EXPLICIT_SOCKET = /\b(AM[45])\b|\b(?:FC)?LGA\s*-?\s*(1200|1700|1851)\b|\bsocket\s+(1200|1700|1851)\b/gi;
// A socket named for the coolers a board or case can mount, not for its own CPU: "supporto dissipatori
// LGA1700", "fori per dissipatori AM4", "staffa di montaggio AM4/AM5", "compatibile con cooler LGA1200",
// "AM4 mounting holes". A cooler word earlier in the same clause (clauses end at , ; | ( ) [ ] or ". "),
// or a mounting word right after the socket. "Cooler Master" is a brand; "dissipatore" right after a
// socket is left alone ("Socket AM4 Dissipatore Wraith Stealth incluso" is a CPU and its boxed cooler).
const COOLER_WORDS = String.raw`dissipator[ei]|heat\s?sinks?|cooler(?!\s*master)s?|raffreddament[oi]|AIO|fori|staff[ae]|mounting|montaggio|backplate|brackets?|ritenzione`;
const COOLER_BEFORE = new RegExp(String.raw`(?:^|[^A-Za-z])(?:${COOLER_WORDS})(?![A-Za-z])[^,;|()\[\]]*$`, 'i');
const MOUNTING_AFTER = /^\s*-?\s*(?:cooler(?!\s*master)s?|mounting|fori|staff[ae]|backplate|brackets?)(?![A-Za-z])/i;
const CLAUSE_START = /.*(?:[,;|()[\]]|\.\s)/s;

/** The sockets the text names as the part's own, leaving out those named for coolers and their mounts. */
function explicitSockets(text: string): Set<CpuSocket> {
  const sockets = new Set<CpuSocket>();
  for (const match of text.matchAll(EXPLICIT_SOCKET)) {
    const at = match.index;
    const clause = text.slice(Math.max(0, at - 80), at).replace(CLAUSE_START, '');
    if (COOLER_BEFORE.test(clause) || MOUNTING_AFTER.test(text.slice(at + match[0].length))) continue;
    sockets.add(match[1] ? (match[1].toUpperCase() as CpuSocket) : (`LGA${match[2] ?? match[3]}` as CpuSocket));
  }
  return sockets;
}

/**
 * The socket both readings agree on: what the text writes and what its chipset or CPU model implies.
 * Either alone decides when the other is silent; when both speak, only a socket in both counts, so a
 * written socket that contradicts the chipset (a B860 board "LGA1700") leaves the socket unknown.
 */
function agreedSocket(written: Set<CpuSocket>, implied: (CpuSocket | undefined)[]): CpuSocket | undefined {
  const byModel = new Set(implied.filter((socket) => socket !== undefined));
  if (written.size === 0) return only(byModel);
  if (byModel.size === 0) return only(written);
  return only([...written].filter((socket) => byModel.has(socket)));
}

function socketOfCpu(model: CpuModel): CpuSocket | undefined {
  return CPU_FAMILY_SOCKETS.find(
    (family) =>
      family.line === model.line &&
      model.number >= family.from &&
      model.number <= family.to &&
      (family.desktopSuffixes as readonly string[]).includes(model.suffix),
  )?.socket;
}

function cpuSocket(text: string): CpuSocket | undefined {
  return agreedSocket(explicitSockets(text), cpuModelsIn(text).map(socketOfCpu));
}

const SOCKET_OF_CHIPSET = new Map<string, CpuSocket>(CHIPSET_SOCKETS.map((row) => [row.chipset, row.socket]));
// The chipset in a board's name, with the size letter that may follow it: B650M-A, B650E-I, Z790-I,
// B650I, X870E-E (the second E is a model name), X570S.
const CHIPSET = new RegExp(
  `\\b(${phrasePattern(CHIPSET_SOCKETS.map((row) => row.chipset))})(M|-?I)?(?![A-Za-z0-9])`,
  'gi',
);

function chipsetsIn(text: string): { chipset: string; suffix: string }[] {
  return [...text.matchAll(CHIPSET)].map((match) => ({
    chipset: (match[1] ?? '').toUpperCase(),
    suffix: (match[2] ?? '').replace('-', '').toUpperCase(),
  }));
}

function boardSocket(text: string): CpuSocket | undefined {
  return agreedSocket(explicitSockets(text), chipsetsIn(text).map(({ chipset }) => SOCKET_OF_CHIPSET.get(chipset)));
}

// ---- Memory ----

// DDR4/DDR5, never the GDDR6/GDDR7 of graphics cards nor laptop LPDDR5; and JEDEC's PC4-25600/PC5-48000.
const RAM_MEMORY = /(?<![A-Za-z])DDR([45])(?!\d)|\bPC([45])-\d{4,5}\b/gi;
// On boards also the D4/D5 of names such as "PRIME B760M-A D4".
const BOARD_MEMORY = /(?<![A-Za-z])DDR([45])(?!\d)|\bD([45])\b/gi;

function memoryTypesIn(text: string, pattern: RegExp): MemoryType[] {
  return numbersIn(text, pattern).map((generation) => `DDR${generation}` as MemoryType);
}

function boardMemory(text: string, socket: CpuSocket | undefined): MemoryType | undefined {
  const written = only(memoryTypesIn(text, BOARD_MEMORY));
  if (written) return written;
  return socket && socket in BOARD_MEMORY_BY_SOCKET
    ? BOARD_MEMORY_BY_SOCKET[socket as keyof typeof BOARD_MEMORY_BY_SOCKET]
    : undefined;
}

// ---- Form factors ----

/** One group per row, so the group that matched is the row's index. Words end at letters and digits only: "µATX", "-ITX". */
function rowsPattern(rows: readonly (readonly string[])[]): RegExp {
  return new RegExp(`(?<![A-Za-z0-9])(?:${rows.map((phrases) => `(${phrasePattern(phrases)})`).join('|')})(?![A-Za-z0-9])`, 'gi');
}

const BOARD_SIZE = rowsPattern(BOARD_SIZE_SPELLINGS.map((row) => row.spellings));
const TOWER = rowsPattern(TOWER_SIZES.map((row) => row.towers));

/** The board sizes written in the text, once any "ATX" of a power supply is set aside. */
function boardSizesIn(text: string): Set<FormFactor> {
  const boardText = NOT_A_BOARD_SIZE.reduce((rest, pattern) => rest.replace(pattern, ' '), text);
  const sizes = [...boardText.matchAll(BOARD_SIZE)].map((match) => BOARD_SIZE_SPELLINGS[matchedGroup(match)]?.formFactor);
  return new Set(sizes.filter((size) => size !== undefined));
}

function boardFormFactor(text: string): FormFactor | undefined {
  const written = boardSizesIn(text);
  const bySuffix = only(
    chipsetsIn(text).map(({ suffix }) => CHIPSET_SUFFIX_SIZES.find((row) => row.suffix === suffix)?.formFactor),
  );
  if (written.size === 1) return only(written);
  // A board is one size: several written ones are settled only by its name's own letter.
  if (written.size > 1) return bySuffix && written.has(bySuffix) ? bySuffix : undefined;
  return bySuffix;
}

/** A case takes every board up to the largest it names. */
function caseFormFactor(text: string): FormFactor | undefined {
  const written = boardSizesIn(text);
  const largest = FORM_FACTORS.find((size) => written.has(size));
  if (largest) return largest;
  return only([...text.matchAll(TOWER)].map((match) => TOWER_SIZES[matchedGroup(match)]?.formFactor));
}

// ---- Power ----

const CPU_WATTS = new Map<string, number>(
  CPU_POWER.flatMap((row) => cpuModelsIn(row.cpu).map((model) => [cpuModelKey(model), row.watts] as const)),
);
const PPT_OF_TDP = new Map<number, number>(AMD_PPT_BY_TDP.map((row) => [row.tdp, row.ppt]));
// Sustained power as the maker states it: "PPT 88 W", "Maximum Turbo Power: 253W", "potenza turbo massima 181 W".
const CPU_SUSTAINED_POWER = new RegExp(
  String.raw`\b(?:PPT|MTP|PL2|max(?:imum)?\s+turbo\s+power|potenza\s+(?:massima\s+)?turbo(?:\s+massima)?)` +
    String.raw`\s*:?\s*(?:di\s+|fino\s+a\s+)?(\d{2,3})\s?W(?:att)?\b`,
  'gi',
);
// Any other wattage written about a CPU (read only for an AMD one) is its TDP: "TDP 65W", "105W TDP", "65 W".
const CPU_TDP = /(?<![\d.,])(\d{2,3})\s?W(?:att)?\b/gi;
const AMD_CPU = /\b(?:AMD|Ryzen)\b/i;
const INTEL_CPU = /\bIntel\b/i;

function cpuWatts(text: string): number | undefined {
  const stated = only(numbersIn(text, CPU_SUSTAINED_POWER));
  if (stated) return stated;
  const known = only(cpuModelsIn(text).map((model) => CPU_WATTS.get(cpuModelKey(model))));
  if (known) return known;
  // A TDP is not the sustained draw; AMD's fixed ratio turns it into one, Intel has no such rule.
  if (!AMD_CPU.test(text) || INTEL_CPU.test(text)) return undefined;
  const tdp = only(numbersIn(text, CPU_TDP));
  return tdp === undefined ? undefined : PPT_OF_TDP.get(tdp);
}

const GPU_WATTS = GPU_POWER.flatMap((row) =>
  gpuChipsIn(row.gpu).map((chip) => ({ chip, watts: row.watts, memoryGb: 'memoryGb' in row ? row.memoryGb : undefined })),
);
// The card's own figure: "TGP 180W", "TBP: 304 W", "Total Board Power 220 W", "200W TGP". Not a bare
// wattage: GPU titles also carry the recommended power supply ("alimentatore consigliato 650W").
const GPU_STATED_POWER = new RegExp(
  String.raw`\b(?:TGP|TBP|TDP|total\s+(?:board|graphics)\s+power|potenza\s+(?:totale|della\s+scheda)|consumo(?:\s+(?:tipico|massimo))?)` +
    String.raw`\s*:?\s*(?:di\s+|fino\s+a\s+)?(\d{2,3})\s?W\b|\b(\d{2,3})\s?W\s+(?:TGP|TBP|TDP)\b`,
  'gi',
);

function gpuWatts(text: string): number | undefined {
  const stated = only(numbersIn(text, GPU_STATED_POWER));
  if (stated) return stated;
  const memory = memorySizesIn(text);
  return only(gpuChipsIn(text).map((chip) => chipWatts(chip, memory)));
}

/**
 * A chip's board power. A chip whose power depends on its memory (a row with `memoryGb`) needs to know
 * the card's memory: the memory row when that is the one size written, the chip's own row when another
 * single size (or none) is; when the text names several sizes, which one is the card's is not known.
 */
function chipWatts(chip: string, memory: Set<number>): number | undefined {
  const rows = GPU_WATTS.filter((row) => row.chip === chip);
  const general = rows.find((row) => row.memoryGb === undefined);
  if (!rows.some((row) => row.memoryGb !== undefined)) return general?.watts;
  if (memory.size > 1) return undefined;
  const size = only(memory);
  return (rows.find((row) => row.memoryGb !== undefined && row.memoryGb === size) ?? general)?.watts;
}

const PSU_MODELS = PSU_MODEL_PATTERNS.map((row) => ({
  maker: new RegExp(`(?<![A-Za-z])${row.maker}(?![A-Za-z])`, 'i'),
  pattern: new RegExp(row.pattern.source, 'gi'),
}));
const PSU_WATTAGE = /(?<![\d.,])(\d{3,4})\s?(?:W|Watts?)\b/gi;
// A wattage that belongs to a connector or a peak, not to the rated output: "cavo 12V-2x6 da 600W",
// "1100W di picco".
const CONNECTOR_BEFORE = /(?:12V-?2x6|12VHPWR|connettor[ei]|cav[oi])[^,;()|]{0,20}$/i;
const PEAK_AFTER = /^\s*(?:di\s+)?(?:picco|peak)/i;
const PSU_RATINGS = { min: 200, max: 2500 };

function psuWatts(text: string): number | undefined {
  const byModel = new Set(PSU_MODELS.filter((row) => row.maker.test(text)).flatMap((row) => numbersIn(text, row.pattern)));
  const written = new Set(
    [...text.matchAll(PSU_WATTAGE)]
      .filter((match) => {
        const at = match.index;
        const before = text.slice(Math.max(0, at - 40), at);
        return !CONNECTOR_BEFORE.test(before) && !PEAK_AFTER.test(text.slice(at + match[0].length));
      })
      .map((match) => Number(match[1])),
  );
  const plausible = (watts: number) => watts >= PSU_RATINGS.min && watts <= PSU_RATINGS.max;
  const all = only([...byModel, ...written].filter(plausible));
  if (all) return all;
  // Model and text disagree only through a stray number: the model's figure counts if the text has it too.
  const model = only([...byModel].filter(plausible));
  return model !== undefined && written.has(model) ? model : undefined;
}

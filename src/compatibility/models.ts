/**
 * Recognises CPU and graphics chip models in free text ("AMD Ryzen 7 9800X3D Processore...", "MSI
 * GeForce RTX 4070 Ti SUPER 16G..."), as keys the data tables are looked up by. The tables' own rows
 * are read by these same functions, so a table and a title agree on what a model is called.
 * Pure and isomorphic (the admin client bundles it): no I/O, every pattern compiled once.
 */
import type { CpuLine } from './data/cpu-families';

export interface CpuModel {
  line: CpuLine;
  number: number;
  /** Upper case, '' for the plain model: X, X3D, G, F, K, KF... */
  suffix: string;
}

// "Ryzen 7 9800X3D", "Ryzen 5 PRO 4650G", "Ryzen 7 5800 X3D". The tier digit is required (it keeps
// "Ryzen Threadripper 7960X" and "Ryzen AI 9 HX 370" out); a space before the suffix only for X3D, since
// "Ryzen 5 7600 e dissipatore" has an Italian "e" there.
const RYZEN = /\bRyzen\s*[3579]\s+(?:PRO\s+)?(\d{4})(\s?X3D|[A-Z]{1,2})?(?![A-Za-z0-9])/gi;
// "Core i5-12400F", "i7 13700K", "I9-14900KS". Five digits only: 10th generation onwards.
const CORE = /\bi[3579]\s*-?\s*(1\d{4})([A-Z]{1,2})?(?![A-Za-z0-9])/gi;
// "Core Ultra 7 265K", and Amazon.it's own "Core Ultra 7 Processore desktop 265K".
const CORE_ULTRA = /\bUltra\s*[3579]\s+(?:(?:processore|processor|desktop|per|cpu)\s+){0,3}(\d{3})([A-Z]{1,2})?(?![A-Za-z0-9])/gi;

export function cpuModelsIn(text: string): CpuModel[] {
  const models: CpuModel[] = [];
  for (const match of text.matchAll(RYZEN)) models.push(cpuModel('Ryzen', match[1], match[2]));
  for (const match of text.matchAll(CORE)) models.push(cpuModel('Core', match[1], match[2]));
  for (const match of text.matchAll(CORE_ULTRA)) models.push(cpuModel('Core Ultra', match[1], match[2]));
  return models;
}

function cpuModel(line: CpuLine, digits: string | undefined, suffix: string | undefined): CpuModel {
  return { line, number: Number(digits), suffix: (suffix ?? '').replace(/\s/g, '').toUpperCase() };
}

export function cpuModelKey(model: CpuModel): string {
  return `${model.line} ${model.number}${model.suffix}`;
}

// "RTX 4070 Ti SUPER", "RTX 4060Ti", "RTX 5070 Twin Edge" (Twin is not Ti). Longest name wins because
// Ti and SUPER are taken whenever they follow.
const GEFORCE = /\bRTX\s*-?\s*(\d{4})(?!\d)(?:\s*(Ti)(?![A-Za-z]))?(?:\s*(SUPER)(?![A-Za-z]))?/gi;
const RADEON = /\bRX\s*-?\s*(\d{4})(?!\d)(?:\s*(XTX|XT|GRE)(?![A-Za-z]))?/gi;
const ARC = /\bArc\s*([AB]\d{3})(?![A-Za-z0-9])/gi;

/** Graphics chips named in the text, as keys: "RTX 4070 Ti SUPER", "RX 7900 XTX", "Arc B580". */
export function gpuChipsIn(text: string): string[] {
  const chips: string[] = [];
  for (const match of text.matchAll(GEFORCE)) {
    chips.push(['RTX', match[1], match[2] && 'Ti', match[3] && 'SUPER'].filter(Boolean).join(' '));
  }
  for (const match of text.matchAll(RADEON)) {
    chips.push(['RX', match[1], match[2]?.toUpperCase()].filter(Boolean).join(' '));
  }
  for (const match of text.matchAll(ARC)) chips.push(`Arc ${match[1]?.toUpperCase() ?? ''}`);
  return chips;
}

// "8GB", "16 GB", "6G" (MSI's "VENTUS 2X 6G"); not "21 Gbps".
const MEMORY_SIZE = /(?<![\d.,])(\d{1,2})\s?G(?:B)?\b/gi;
// A size written with its memory type is the card's own memory: "8GB GDDR6", "12 GB di memoria GDDR6X".
const VIDEO_MEMORY_SIZE = /(?<![\d.,])(\d{1,2})\s?G(?:B)?\s*(?:di\s+)?(?:memoria\s+|memory\s+)?G?DDR\d/gi;

/**
 * Memory sizes written in a graphics card's text, in GB: those written with a memory type ("8GB GDDR6")
 * when there are any, as the card's own; otherwise every size the text writes.
 */
export function memorySizesIn(text: string): Set<number> {
  const typed = [...text.matchAll(VIDEO_MEMORY_SIZE)].map((match) => Number(match[1]));
  if (typed.length > 0) return new Set(typed);
  return new Set([...text.matchAll(MEMORY_SIZE)].map((match) => Number(match[1])));
}

/**
 * How shops write motherboard sizes, and what a case's tower class says when no board size is written.
 * - BOARD_SIZE_SPELLINGS: the spellings of each size as they appear in Amazon.it titles, matched whole
 *   words, case-insensitive, a ' ' stands for ' ', '-' or nothing (extract.ts). "E ATX" with a
 *   space is left out on purpose: in "Mini-ITX e ATX" it is the Italian "and".
 * - CHIPSET_SUFFIX_SIZES: a letter right after the chipset in a board's name (B650M, B760M-A, H610M-E;
 *   B650E-I, Z790-I, B650I) is the size in every maker's naming; used when the text writes no size.
 * - TOWER_SIZES: the largest board a case of that class takes when its title names no board (a
 *   mid-tower takes ATX, a full/big tower E-ATX). Mini and micro towers vary (Micro-ATX or Mini-ITX): not
 *   listed, so they stay unknown.
 * - NOT_A_BOARD_SIZE: "ATX" that names a power supply or its connectors, not a board ("alimentatore
 *   SFX/ATX", "supporta PSU standard ATX", "alimentatore incluso 500W ATX", "ATX PSU", "ATX 3.0/3.1"
 *   but not "ATX 3 ventole", "ATX 12V", "24 pin ATX"): a Mini-ITX case that takes an ATX power supply
 *   is not an ATX case. Up to three words may stand between the supply and its "ATX", none of them a
 *   board's ("alimentatore e scheda madre ATX" keeps its ATX). Removed before sizes are read.
 */
import type { FormFactor } from '../attributes';

export const BOARD_SIZE_SPELLINGS = [
  { formFactor: 'E-ATX', spellings: ['E-ATX', 'EATX', 'Extended ATX'] },
  { formFactor: 'Micro-ATX', spellings: ['Micro ATX', 'mATX', 'm-ATX', 'uATX', 'µATX'] },
  { formFactor: 'Mini-ITX', spellings: ['Mini ITX', 'ITX'] },
  { formFactor: 'ATX', spellings: ['ATX'] },
] as const satisfies readonly { formFactor: FormFactor; spellings: readonly string[] }[];

export const CHIPSET_SUFFIX_SIZES = [
  { suffix: 'M', formFactor: 'Micro-ATX' },
  { suffix: 'I', formFactor: 'Mini-ITX' },
] as const satisfies readonly { suffix: string; formFactor: FormFactor }[];

export const TOWER_SIZES = [
  { towers: ['Mid Tower', 'Midi Tower', 'Middle Tower'], formFactor: 'ATX' },
  { towers: ['Full Tower', 'Big Tower', 'Super Tower'], formFactor: 'E-ATX' },
] as const satisfies readonly { towers: readonly string[]; formFactor: FormFactor }[];

export const NOT_A_BOARD_SIZE: readonly RegExp[] = [
  /\b(?:alimentator[ei]|PSU|power\s+supply)\s+(?:(?!(?:sched[ae]|madr[ei]|motherboard|mainboard|mobo|case|cabinet|E-?ATX|m-?ATX|micro|mini|ITX)\b)[^\s,;|()/]+\s+){0,3}(?:(?:SFX(?:-L)?|ATX)\s*(?:\/|,|\be\b|\bo\b)\s*)*(?:SFX(?:-L)?|ATX)\b/gi,
  /\b(?:SFX(?:-L)?\s*\/\s*)?ATX\s+(?:PSU|power\s+supply)\b/gi,
  /\bATX\s*3\.\d\b/gi,
  /\bATX\s*12\s*V\b|\bATX\s*24[\s-]?pin\b|\b24[\s-]?pin\s*ATX\b/gi,
];

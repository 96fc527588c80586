/**
 * CPU socket by model family, for a CPU whose text names the model but not the socket.
 * Sources: AMD's desktop processor specifications (amd.com, "Socket" field) and Intel ARK ("Sockets
 * Supported"). A family is a model-number range of one product line, with the suffixes its desktop
 * parts carry: a laptop chip (H, HS, HX, U...) takes its number from the same range but fits no socket,
 * so a suffix outside the list leaves the socket unknown.
 * - Ryzen 1000-5000 (incl. the 4000/5000 G APUs, 5700X3D, 5600GT...): AM4. Ryzen 6000 is laptop only.
 * - Ryzen 7000, 8000 (8000G/8000F desktop APUs) and 9000: AM5.
 * - Core i3/i5/i7/i9 10xxx-11xxx (Comet Lake, Rocket Lake): LGA1200; 12xxx-14xxx (Alder Lake, Raptor
 *   Lake and its refresh): LGA1700.
 * - Core Ultra 5/7/9 2xx (Arrow Lake-S, Core Ultra 200S): LGA1851. Series 1 (1xx) is laptop only.
 */
import type { CpuSocket } from '../attributes';

export type CpuLine = 'Ryzen' | 'Core' | 'Core Ultra';

export interface CpuFamilySocket {
  line: CpuLine;
  /** First and last model number of the range, both included. */
  from: number;
  to: number;
  /** Suffixes of the desktop parts, upper case; '' is the plain model (Ryzen 5 5600, Core i5-12400). */
  desktopSuffixes: readonly string[];
  socket: CpuSocket;
}

const RYZEN_DESKTOP = ['', 'X', 'X3D', 'XT', 'G', 'GT', 'GE', 'F', 'E', 'T', 'AF'] as const;

export const CPU_FAMILY_SOCKETS = [
  { line: 'Ryzen', from: 1000, to: 5999, desktopSuffixes: RYZEN_DESKTOP, socket: 'AM4' },
  { line: 'Ryzen', from: 7000, to: 9999, desktopSuffixes: RYZEN_DESKTOP, socket: 'AM5' },
  { line: 'Core', from: 10000, to: 11999, desktopSuffixes: ['', 'K', 'KF', 'KA', 'F', 'T'], socket: 'LGA1200' },
  { line: 'Core', from: 12000, to: 14999, desktopSuffixes: ['', 'K', 'KF', 'KS', 'F', 'T'], socket: 'LGA1700' },
  { line: 'Core Ultra', from: 200, to: 299, desktopSuffixes: ['', 'K', 'KF', 'F', 'T'], socket: 'LGA1851' },
] as const satisfies readonly CpuFamilySocket[];

/**
 * Motherboard chipset -> CPU socket, for a board whose text names the chipset but not the socket.
 * Sources: AMD's chipset pages (AM4: 300/400/500 series; AM5: 600/800 series) and Intel ARK (400/500
 * series: LGA1200; 600/700 series: LGA1700; 800 series: LGA1851). A socket written in the text must
 * agree with this table: one that contradicts the chipset leaves the socket unknown, and one written for
 * coolers ("supporto dissipatori LGA1700") is not read at all (extract.ts).
 */
import type { CpuSocket } from '../attributes';

export interface ChipsetSocket {
  chipset: string;
  socket: CpuSocket;
}

export const CHIPSET_SOCKETS = [
  // AMD AM4
  { chipset: 'A320', socket: 'AM4' },
  { chipset: 'B350', socket: 'AM4' },
  { chipset: 'X370', socket: 'AM4' },
  { chipset: 'B450', socket: 'AM4' },
  { chipset: 'X470', socket: 'AM4' },
  { chipset: 'A520', socket: 'AM4' },
  { chipset: 'B550', socket: 'AM4' },
  { chipset: 'X570', socket: 'AM4' },
  { chipset: 'X570S', socket: 'AM4' },
  // AMD AM5
  { chipset: 'A620', socket: 'AM5' },
  { chipset: 'B650', socket: 'AM5' },
  { chipset: 'B650E', socket: 'AM5' },
  { chipset: 'X670', socket: 'AM5' },
  { chipset: 'X670E', socket: 'AM5' },
  { chipset: 'B840', socket: 'AM5' },
  { chipset: 'B850', socket: 'AM5' },
  { chipset: 'X870', socket: 'AM5' },
  { chipset: 'X870E', socket: 'AM5' },
  // Intel LGA1200
  { chipset: 'H410', socket: 'LGA1200' },
  { chipset: 'B460', socket: 'LGA1200' },
  { chipset: 'H470', socket: 'LGA1200' },
  { chipset: 'Z490', socket: 'LGA1200' },
  { chipset: 'H510', socket: 'LGA1200' },
  { chipset: 'B560', socket: 'LGA1200' },
  { chipset: 'H570', socket: 'LGA1200' },
  { chipset: 'Z590', socket: 'LGA1200' },
  // Intel LGA1700
  { chipset: 'H610', socket: 'LGA1700' },
  { chipset: 'B660', socket: 'LGA1700' },
  { chipset: 'H670', socket: 'LGA1700' },
  { chipset: 'Z690', socket: 'LGA1700' },
  { chipset: 'B760', socket: 'LGA1700' },
  { chipset: 'H770', socket: 'LGA1700' },
  { chipset: 'Z790', socket: 'LGA1700' },
  // Intel LGA1851
  { chipset: 'H810', socket: 'LGA1851' },
  { chipset: 'B860', socket: 'LGA1851' },
  { chipset: 'Z890', socket: 'LGA1851' },
] as const satisfies readonly ChipsetSocket[];

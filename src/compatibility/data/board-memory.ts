/**
 * Memory type of a motherboard by socket, for a board whose text names neither DDR4 nor DDR5. Only the
 * sockets where every board takes one type: AM4 and LGA1200 boards are all DDR4, AM5 and LGA1851 boards
 * all DDR5. LGA1700 has both (B760M DS3H DDR4 beside B760M DS3H, PRIME B760M-A D4 beside PRIME B760M-A),
 * so its type must be written in the text or stays unknown.
 */
import type { CpuSocket, MemoryType } from '../attributes';

export const BOARD_MEMORY_BY_SOCKET = {
  AM4: 'DDR4',
  AM5: 'DDR5',
  LGA1200: 'DDR4',
  LGA1851: 'DDR5',
} as const satisfies Partial<Record<CpuSocket, MemoryType>>;

/**
 * Total board power of a graphics card by chip: the `watts` of a GPU (attributes.ts). Reference figures
 * of the chip makers: NVIDIA "Total Graphics Power" (nvidia.com specifications), AMD "Typical Board
 * Power" (amd.com), Intel "Total Board Power" (intel.com). Factory-overclocked cards draw a little more;
 * a text that states its own TGP/TBP wins over this table (extract.ts).
 * - Ti, SUPER, XT, XTX, GRE are different chips: each has its row, and the longest name a title
 *   matches is the one that counts (RTX 4070 Ti SUPER is not RTX 4070 Ti, nor RTX 4070).
 * - A chip sold with two memory sizes of different power keeps the higher figure (RTX 3080 10/12 GB,
 *   RTX 4060 Ti 8/16 GB, RX 9060 XT 8/16 GB), except the RTX 3050 6 GB, a cut-down chip of its own: its
 *   row carries `memoryGb` and applies only when 6 GB is the card's memory in the text (the size written
 *   with GDDR, else the only size written). A text that names another size gets the chip's own row; one
 *   whose sizes leave the card's memory unclear ("8G ... 6 GB", no GDDR) gets no power at all.
 * Names are written as shops write them and read by the same code that reads titles (extract.test.ts).
 * Written from the makers' published figures without a live source to hand: the least certain row is
 * the RX 9060 XT; check it first.
 */

export interface GpuPower {
  gpu: string;
  watts: number;
  /** The row applies only to cards with this much memory (written "6GB", "6 GB", "6G" in the text). */
  memoryGb?: number;
}

export const GPU_POWER = [
  // NVIDIA GeForce RTX 30
  { gpu: 'GeForce RTX 3050', watts: 130 },
  { gpu: 'GeForce RTX 3050', memoryGb: 6, watts: 70 },
  { gpu: 'GeForce RTX 3060', watts: 170 },
  { gpu: 'GeForce RTX 3060 Ti', watts: 200 },
  { gpu: 'GeForce RTX 3070', watts: 220 },
  { gpu: 'GeForce RTX 3070 Ti', watts: 290 },
  { gpu: 'GeForce RTX 3080', watts: 350 },
  { gpu: 'GeForce RTX 3080 Ti', watts: 350 },
  { gpu: 'GeForce RTX 3090', watts: 350 },
  { gpu: 'GeForce RTX 3090 Ti', watts: 450 },
  // NVIDIA GeForce RTX 40
  { gpu: 'GeForce RTX 4060', watts: 115 },
  { gpu: 'GeForce RTX 4060 Ti', watts: 165 },
  { gpu: 'GeForce RTX 4070', watts: 200 },
  { gpu: 'GeForce RTX 4070 SUPER', watts: 220 },
  { gpu: 'GeForce RTX 4070 Ti', watts: 285 },
  { gpu: 'GeForce RTX 4070 Ti SUPER', watts: 285 },
  { gpu: 'GeForce RTX 4080', watts: 320 },
  { gpu: 'GeForce RTX 4080 SUPER', watts: 320 },
  { gpu: 'GeForce RTX 4090', watts: 450 },
  // NVIDIA GeForce RTX 50
  { gpu: 'GeForce RTX 5050', watts: 130 },
  { gpu: 'GeForce RTX 5060', watts: 145 },
  { gpu: 'GeForce RTX 5060 Ti', watts: 180 },
  { gpu: 'GeForce RTX 5070', watts: 250 },
  { gpu: 'GeForce RTX 5070 Ti', watts: 300 },
  { gpu: 'GeForce RTX 5080', watts: 360 },
  { gpu: 'GeForce RTX 5090', watts: 575 },
  // AMD Radeon RX 6000
  { gpu: 'Radeon RX 6400', watts: 53 },
  { gpu: 'Radeon RX 6500 XT', watts: 107 },
  { gpu: 'Radeon RX 6600', watts: 132 },
  { gpu: 'Radeon RX 6600 XT', watts: 160 },
  { gpu: 'Radeon RX 6650 XT', watts: 180 },
  { gpu: 'Radeon RX 6700', watts: 175 },
  { gpu: 'Radeon RX 6700 XT', watts: 230 },
  { gpu: 'Radeon RX 6750 XT', watts: 250 },
  { gpu: 'Radeon RX 6800', watts: 250 },
  { gpu: 'Radeon RX 6800 XT', watts: 300 },
  { gpu: 'Radeon RX 6900 XT', watts: 300 },
  { gpu: 'Radeon RX 6950 XT', watts: 335 },
  // AMD Radeon RX 7000
  { gpu: 'Radeon RX 7600', watts: 165 },
  { gpu: 'Radeon RX 7600 XT', watts: 190 },
  { gpu: 'Radeon RX 7700 XT', watts: 245 },
  { gpu: 'Radeon RX 7800 XT', watts: 263 },
  { gpu: 'Radeon RX 7900 GRE', watts: 260 },
  { gpu: 'Radeon RX 7900 XT', watts: 315 },
  { gpu: 'Radeon RX 7900 XTX', watts: 355 },
  // AMD Radeon RX 9000
  { gpu: 'Radeon RX 9060 XT', watts: 160 },
  { gpu: 'Radeon RX 9070', watts: 220 },
  { gpu: 'Radeon RX 9070 XT', watts: 304 },
  // Intel Arc
  { gpu: 'Arc A380', watts: 75 },
  { gpu: 'Arc A580', watts: 185 },
  { gpu: 'Arc A750', watts: 225 },
  { gpu: 'Arc A770', watts: 225 },
  { gpu: 'Arc B570', watts: 150 },
  { gpu: 'Arc B580', watts: 190 },
] as const satisfies readonly GpuPower[];

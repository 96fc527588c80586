/**
 * AMD's stock package power limit (PPT) for each desktop TDP class on AM4 and AM5: PPT = 1.35 x TDP,
 * as AMD documents for Precision Boost. Used when a Ryzen's text gives its TDP but its model is not in
 * cpu-power.ts. Intel publishes no such rule (a part's maximum turbo power is its own), so an Intel TDP
 * alone tells nothing about sustained power and is not used.
 */

export interface AmdPptClass {
  tdp: number;
  ppt: number;
}

export const AMD_PPT_BY_TDP = [
  { tdp: 65, ppt: 88 },
  { tdp: 95, ppt: 128 },
  { tdp: 105, ppt: 142 },
  { tdp: 120, ppt: 162 },
  { tdp: 170, ppt: 230 },
] as const satisfies readonly AmdPptClass[];

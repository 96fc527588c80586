/**
 * What a desktop CPU draws under sustained load, by model: the `watts` of a CPU (attributes.ts).
 * - AMD: the package power tracking limit (PPT) at stock settings, which AMD sets at 1.35 x TDP on AM4
 *   and AM5 (65 W TDP -> 88 W, 105 W -> 142 W, 120 W -> 162 W, 170 W -> 230 W; see amd-ppt.ts). TDPs
 *   from amd.com product pages. A few Zen 3 65 W parts ship with a lower 76 W limit; the table keeps the
 *   rule's figure, the higher one, since it sizes a power supply.
 * - Intel: "Maximum Turbo Power" (PL2) from Intel ARK.
 * Covers the desktop parts of Ryzen 5000, 7000, 8000G/F and 9000, Core 12th-14th generation and Core
 * Ultra 200S. Names are written as shops write them; each is read by the same code that reads titles,
 * so a row that code cannot recognise fails the tests (extract.test.ts).
 * Written from the makers' published figures without a live source to hand: the least certain rows
 * are the Ryzen 7 9850X3D, Ryzen 5 7400F and 7600X3D and the Core i3-14100; check them first.
 */

export interface CpuPower {
  cpu: string;
  watts: number;
}

export const CPU_POWER = [
  // Ryzen 5000 (AM4)
  { cpu: 'Ryzen 5 5500', watts: 88 },
  { cpu: 'Ryzen 5 5500GT', watts: 88 },
  { cpu: 'Ryzen 5 5600', watts: 88 },
  { cpu: 'Ryzen 5 5600T', watts: 88 },
  { cpu: 'Ryzen 5 5600X', watts: 88 },
  { cpu: 'Ryzen 5 5600G', watts: 88 },
  { cpu: 'Ryzen 5 5600GT', watts: 88 },
  { cpu: 'Ryzen 5 5600X3D', watts: 142 },
  { cpu: 'Ryzen 7 5700', watts: 88 },
  { cpu: 'Ryzen 7 5700G', watts: 88 },
  { cpu: 'Ryzen 7 5700X', watts: 88 },
  { cpu: 'Ryzen 7 5700X3D', watts: 142 },
  { cpu: 'Ryzen 7 5800X', watts: 142 },
  { cpu: 'Ryzen 7 5800XT', watts: 142 },
  { cpu: 'Ryzen 7 5800X3D', watts: 142 },
  { cpu: 'Ryzen 9 5900X', watts: 142 },
  { cpu: 'Ryzen 9 5900XT', watts: 142 },
  { cpu: 'Ryzen 9 5950X', watts: 142 },
  // Ryzen 7000 (AM5)
  { cpu: 'Ryzen 5 7400F', watts: 88 },
  { cpu: 'Ryzen 5 7500F', watts: 88 },
  { cpu: 'Ryzen 5 7600', watts: 88 },
  { cpu: 'Ryzen 5 7600X', watts: 142 },
  { cpu: 'Ryzen 5 7600X3D', watts: 88 },
  { cpu: 'Ryzen 7 7700', watts: 88 },
  { cpu: 'Ryzen 7 7700X', watts: 142 },
  { cpu: 'Ryzen 7 7800X3D', watts: 162 },
  { cpu: 'Ryzen 9 7900', watts: 88 },
  { cpu: 'Ryzen 9 7900X', watts: 230 },
  { cpu: 'Ryzen 9 7900X3D', watts: 162 },
  { cpu: 'Ryzen 9 7950X', watts: 230 },
  { cpu: 'Ryzen 9 7950X3D', watts: 162 },
  // Ryzen 8000G / 8000F (AM5)
  { cpu: 'Ryzen 3 8300G', watts: 88 },
  { cpu: 'Ryzen 5 8400F', watts: 88 },
  { cpu: 'Ryzen 5 8500G', watts: 88 },
  { cpu: 'Ryzen 5 8600G', watts: 88 },
  { cpu: 'Ryzen 7 8700F', watts: 88 },
  { cpu: 'Ryzen 7 8700G', watts: 88 },
  // Ryzen 9000 (AM5)
  { cpu: 'Ryzen 5 9500F', watts: 88 },
  { cpu: 'Ryzen 5 9600', watts: 88 },
  { cpu: 'Ryzen 5 9600X', watts: 88 },
  { cpu: 'Ryzen 7 9700F', watts: 88 },
  { cpu: 'Ryzen 7 9700X', watts: 88 },
  { cpu: 'Ryzen 7 9800X3D', watts: 162 },
  { cpu: 'Ryzen 7 9850X3D', watts: 162 },
  { cpu: 'Ryzen 9 9900X', watts: 162 },
  { cpu: 'Ryzen 9 9900X3D', watts: 162 },
  { cpu: 'Ryzen 9 9950X', watts: 230 },
  { cpu: 'Ryzen 9 9950X3D', watts: 230 },
  // Core 12th generation (LGA1700)
  { cpu: 'Core i3-12100', watts: 89 },
  { cpu: 'Core i3-12100F', watts: 89 },
  { cpu: 'Core i5-12400', watts: 117 },
  { cpu: 'Core i5-12400F', watts: 117 },
  { cpu: 'Core i5-12500', watts: 117 },
  { cpu: 'Core i5-12600', watts: 117 },
  { cpu: 'Core i5-12600K', watts: 150 },
  { cpu: 'Core i5-12600KF', watts: 150 },
  { cpu: 'Core i7-12700', watts: 180 },
  { cpu: 'Core i7-12700F', watts: 180 },
  { cpu: 'Core i7-12700K', watts: 190 },
  { cpu: 'Core i7-12700KF', watts: 190 },
  { cpu: 'Core i9-12900', watts: 202 },
  { cpu: 'Core i9-12900F', watts: 202 },
  { cpu: 'Core i9-12900K', watts: 241 },
  { cpu: 'Core i9-12900KF', watts: 241 },
  { cpu: 'Core i9-12900KS', watts: 241 },
  // Core 13th generation (LGA1700)
  { cpu: 'Core i3-13100', watts: 89 },
  { cpu: 'Core i3-13100F', watts: 89 },
  { cpu: 'Core i5-13400', watts: 148 },
  { cpu: 'Core i5-13400F', watts: 148 },
  { cpu: 'Core i5-13500', watts: 154 },
  { cpu: 'Core i5-13600', watts: 154 },
  { cpu: 'Core i5-13600K', watts: 181 },
  { cpu: 'Core i5-13600KF', watts: 181 },
  { cpu: 'Core i7-13700', watts: 219 },
  { cpu: 'Core i7-13700F', watts: 219 },
  { cpu: 'Core i7-13700K', watts: 253 },
  { cpu: 'Core i7-13700KF', watts: 253 },
  { cpu: 'Core i9-13900', watts: 219 },
  { cpu: 'Core i9-13900F', watts: 219 },
  { cpu: 'Core i9-13900K', watts: 253 },
  { cpu: 'Core i9-13900KF', watts: 253 },
  { cpu: 'Core i9-13900KS', watts: 253 },
  // Core 14th generation (LGA1700)
  { cpu: 'Core i3-14100', watts: 110 },
  { cpu: 'Core i3-14100F', watts: 110 },
  { cpu: 'Core i5-14400', watts: 148 },
  { cpu: 'Core i5-14400F', watts: 148 },
  { cpu: 'Core i5-14500', watts: 154 },
  { cpu: 'Core i5-14600', watts: 154 },
  { cpu: 'Core i5-14600K', watts: 181 },
  { cpu: 'Core i5-14600KF', watts: 181 },
  { cpu: 'Core i7-14700', watts: 219 },
  { cpu: 'Core i7-14700F', watts: 219 },
  { cpu: 'Core i7-14700K', watts: 253 },
  { cpu: 'Core i7-14700KF', watts: 253 },
  { cpu: 'Core i9-14900', watts: 219 },
  { cpu: 'Core i9-14900F', watts: 219 },
  { cpu: 'Core i9-14900K', watts: 253 },
  { cpu: 'Core i9-14900KF', watts: 253 },
  { cpu: 'Core i9-14900KS', watts: 253 },
  // Core Ultra 200S (LGA1851)
  { cpu: 'Core Ultra 5 225', watts: 121 },
  { cpu: 'Core Ultra 5 225F', watts: 121 },
  { cpu: 'Core Ultra 5 235', watts: 121 },
  { cpu: 'Core Ultra 5 245', watts: 121 },
  { cpu: 'Core Ultra 5 245K', watts: 159 },
  { cpu: 'Core Ultra 5 245KF', watts: 159 },
  { cpu: 'Core Ultra 7 265', watts: 182 },
  { cpu: 'Core Ultra 7 265F', watts: 182 },
  { cpu: 'Core Ultra 7 265K', watts: 250 },
  { cpu: 'Core Ultra 7 265KF', watts: 250 },
  { cpu: 'Core Ultra 9 285', watts: 182 },
  { cpu: 'Core Ultra 9 285K', watts: 250 },
] as const satisfies readonly CpuPower[];

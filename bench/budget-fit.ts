/**
 * Budget-fit benchmark (`npm run bench:budget-fit`, decision 030).
 *
 * A realistic build of 10 components with 5 curated alternatives each, attributes resolved once from
 * real product titles (`resolveAttributes`, as the caller does), some alternatives deliberately
 * incompatible (another socket, DDR4, a smaller case, an unknown form factor). `fitBudget` is timed on
 * budgets that force 2, 3 and 5 swaps and on an impossible one, many times each: p50 / p90 / p99 / max in ms,
 * the compatibility checks run (`evaluations`) and whether the search was exhaustive. A stress case puts
 * three copies of the build side by side (30 components × 5 alternatives). Then `fitBudgetAsync` runs
 * each budget 50 times with setImmediate wrapped, to measure its longest slice: the longest time it kept
 * the event loop between two pauses.
 *
 *   npx tsx bench/budget-fit.ts [--runs 2000] [--slice-ms 2]
 */
import { parseArgs } from 'node:util';
import { resolveAttributes } from '../src/compatibility/assess';
import { type FitPart, fitBudget, fitBudgetAsync } from '../src/modules/personalization';
import { positiveInteger } from './cli-args';
import { SAMPLE_BUILD as BUILD } from './fit-sample-build';
import { printTable } from './table';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string' },
    'slice-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('npx tsx bench/budget-fit.ts [--runs 2000] [--slice-ms 2]');
  process.exit(0);
}
const RUNS = positiveInteger('runs', args.runs, 2000);
const SLICE_MS = positiveInteger('slice-ms', args['slice-ms'], 2);


const cents = (euro: number) => Math.round(euro * 100);

/** The build, or `copies` of it side by side (a stress case: 3 copies = 30 components × 5 alternatives). */
const partsOf = (copies: number): FitPart[] =>
  Array.from({ length: copies }, () => BUILD)
    .flat()
    .map(([type, name, euro, alternatives], index) => ({
      componentId: index + 1,
      position: index,
      type,
      attributes: resolveAttributes({ type, name }),
      priceCents: cents(euro),
      counted: true,
      fixed: false,
      options: alternatives.map(([alternative, price], rank) => ({
        key: `B0ALT${index}${rank}`,
        priceCents: cents(price),
        rank,
        type,
        attributes: resolveAttributes({ type, name: alternative }),
      })),
    }));
const parts = partsOf(1);

const total = parts.reduce((sum, part) => sum + part.priceCents, 0);
/** The largest saving per part, largest first: a budget `total - (sum of the k largest) - 1` needs at least k + 1 swaps. */
const savings = parts.map((part) => Math.max(...part.options.map((option) => part.priceCents - option.priceCents))).sort((a, b) => b - a);
const sumOfLargest = (count: number) => savings.slice(0, count).reduce((sum, saving) => sum + saving, 0);

const scenarios: { name: string; budget: number }[] = [
  { name: 'needs 2 swaps', budget: total - sumOfLargest(1) - 100 },
  { name: 'needs 3 swaps', budget: total - sumOfLargest(2) - 100 },
  { name: 'needs 5 swaps', budget: total - sumOfLargest(4) - 100 },
  { name: 'impossible (100 €)', budget: cents(100) },
];
const stress = partsOf(3);
const stressTotal = stress.reduce((sum, part) => sum + part.priceCents, 0);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => value.toFixed(3);
const euro = (value: number) => (value / 100).toFixed(0);

/**
 * The longest slice of `run`: from its start, or from a setImmediate callback firing, to its next
 * setImmediate call (or to its end). setImmediate is wrapped for the duration, so the figure is the time
 * fitBudgetAsync really kept the event loop, whatever else the machine does between slices.
 */
async function longestSlice(run: () => Promise<unknown>): Promise<{ longest: number; slices: number }> {
  const original = globalThis.setImmediate;
  let sliceStart = performance.now();
  let longest = 0;
  let slices = 1;
  const wrapped = (callback: () => void) => {
    longest = Math.max(longest, performance.now() - sliceStart);
    slices++;
    return original(() => {
      sliceStart = performance.now();
      callback();
    });
  };
  globalThis.setImmediate = wrapped as unknown as typeof setImmediate;
  try {
    await run();
  } finally {
    globalThis.setImmediate = original;
  }
  return { longest: Math.max(longest, performance.now() - sliceStart), slices };
}

async function main() {
  console.log(`Build: ${parts.length} components × 5 alternatives, author's total ${euro(total)} €; ${RUNS} runs per budget, slices of ${SLICE_MS} ms`);
  const coldStart = performance.now();
  fitBudget(parts, scenarios[0]!.budget);
  console.log(`First call (cold JIT, "${scenarios[0]!.name}"): ${ms(performance.now() - coldStart)} ms`);
  console.log('');
  const rows: string[][] = [];
  const cases = [
    ...scenarios.map((scenario) => ({ ...scenario, parts })),
    {
      name: 'stress: 30 × 5, 60 % of total',
      budget: Math.floor(stressTotal * 0.6),
      parts: stress,
    },
  ];
  for (const { name, budget, parts } of cases) {
    const times: number[] = [];
    let answer = fitBudget(parts, budget);
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      answer = fitBudget(parts, budget);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const sliced = await fitBudgetAsync(parts, budget, { sliceMs: SLICE_MS });
    if (JSON.stringify([...sliced.swaps], null, 0) !== JSON.stringify([...answer.swaps], null, 0) || sliced.totalCents !== answer.totalCents) {
      throw new Error(`fitBudgetAsync e fitBudget danno risposte diverse per "${name}"`);
    }
    let slice = { longest: 0, slices: 0 };
    for (let run = 0; run < 50; run++) {
      const measured = await longestSlice(() => fitBudgetAsync(parts, budget, { sliceMs: SLICE_MS }));
      if (measured.longest > slice.longest) slice = measured;
    }
    rows.push([
      name,
      euro(budget),
      String(answer.swaps.size),
      euro(answer.totalCents),
      answer.met ? 'yes' : 'no',
      String(answer.evaluations),
      answer.exhaustive ? 'yes' : 'no',
      ms(percentile(times, 50)),
      ms(percentile(times, 90)),
      ms(percentile(times, 99)),
      ms(times[times.length - 1]!),
      `${ms(slice.longest)} (${slice.slices})`,
    ]);
  }
  printTable(
    ['budget', '€', 'swaps', 'total €', 'met', 'evaluations', 'exhaustive', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'async longest slice ms (slices)'],
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

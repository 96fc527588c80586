/**
 * Budget-fit benchmark (`npm run bench:budget-fit`, decision 030).
 *
 * A realistic build of 10 components with 5 curated alternatives each, attributes resolved once from
 * real product titles (`resolveAttributes`, as the caller does), some alternatives deliberately
 * incompatible (another socket, DDR4, a smaller case, an unknown form factor). `fitBudget` is timed on
 * budgets that force 2, 3 and 5 swaps and on an impossible one, many times each: p50 / p99 / max in ms,
 * the candidate evaluations and whether the search was exhaustive. Then `fitBudgetAsync` runs each
 * budget while a setImmediate loop measures the longest gap between its own callbacks: the longest time
 * the fit kept the event loop (one slice plus the loop's own overhead).
 *
 *   npx tsx bench/budget-fit.ts [--runs 2000] [--slice-ms 2]
 */
import { parseArgs } from "node:util";
import { resolveAttributes } from "../src/compatibility/assess";
import {
  type FitPart,
  fitBudget,
  fitBudgetAsync,
} from "../src/modules/personalization/budget-fit";
import { positiveInteger } from "./cli-args";
import { SAMPLE_BUILD as BUILD } from "./fit-sample-build";
import { printTable } from "./table";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string" },
    "slice-ms": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log("npx tsx bench/budget-fit.ts [--runs 2000] [--slice-ms 2]");
  process.exit(0);
}
const RUNS = positiveInteger("runs", args.runs, 2000);
const SLICE_MS = positiveInteger("slice-ms", args["slice-ms"], 2);

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
const savings = parts
  .map((part) =>
    Math.max(
      ...part.options.map((option) => part.priceCents - option.priceCents),
    ),
  )
  .sort((a, b) => b - a);
const sumOfLargest = (count: number) =>
  savings.slice(0, count).reduce((sum, saving) => sum + saving, 0);

const scenarios: { name: string; budget: number }[] = [
  { name: "needs 2 swaps", budget: total - sumOfLargest(1) - 100 },
  { name: "needs 3 swaps", budget: total - sumOfLargest(2) - 100 },
  { name: "needs 5 swaps", budget: total - sumOfLargest(4) - 100 },
  { name: "impossible (100 €)", budget: cents(100) },
];
const stress = partsOf(3);
const stressTotal = stress.reduce((sum, part) => sum + part.priceCents, 0);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => value.toFixed(3);
const euro = (value: number) => (value / 100).toFixed(0);

/** The longest gap between two callbacks of a setImmediate loop while `work` runs. */
async function longestBlock(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  const now = performance.now();
  return Math.max(longest, now - last);
}

async function main() {
  console.log(
    `Build: ${parts.length} components × 5 alternatives, author's total ${euro(total)} €; ${RUNS} runs per budget, slices of ${SLICE_MS} ms`,
  );
  const coldStart = performance.now();
  fitBudget(parts, scenarios[0]!.budget);
  console.log(
    `First call (cold JIT, "${scenarios[0]!.name}"): ${ms(performance.now() - coldStart)} ms`,
  );
  console.log("");
  const idle = await longestBlock(
    () => new Promise((resolve) => setTimeout(resolve, 20)),
  );
  const rows: string[][] = [];
  const cases = [
    ...scenarios.map((scenario) => ({ ...scenario, parts })),
    {
      name: "stress: 30 × 5, 60 % of total",
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
    if (
      JSON.stringify([...sliced.swaps], null, 0) !==
        JSON.stringify([...answer.swaps], null, 0) ||
      sliced.totalCents !== answer.totalCents
    ) {
      throw new Error(
        `fitBudgetAsync e fitBudget danno risposte diverse per "${name}"`,
      );
    }
    let block = 0;
    for (let run = 0; run < 50; run++)
      block = Math.max(
        block,
        await longestBlock(() =>
          fitBudgetAsync(parts, budget, { sliceMs: SLICE_MS }),
        ),
      );
    rows.push([
      name,
      euro(budget),
      String(answer.swaps.size),
      euro(answer.totalCents),
      answer.met ? "yes" : "no",
      String(answer.evaluations),
      answer.exhaustive ? "yes" : "no",
      ms(percentile(times, 50)),
      ms(percentile(times, 99)),
      ms(times[times.length - 1]!),
      ms(block),
    ]);
  }
  console.log(
    `Longest gap of the same setImmediate loop with no fit running (20 ms, machine noise): ${ms(idle)} ms`,
  );
  console.log("");
  printTable(
    [
      "budget",
      "€",
      "swaps",
      "total €",
      "met",
      "evaluations",
      "exhaustive",
      "p50 ms",
      "p99 ms",
      "max ms",
      "async longest block ms",
    ],
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

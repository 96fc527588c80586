/**
 * "Personalizza questa build": fitting the author's build to a visitor's budget (decision 030). Pure: the
 * caller resolves every part's and every alternative's attributes once, applies the visitor's explicit
 * choices and owned parts (marked `fixed`), and gets back which remaining parts to swap.
 */
import { FitSearch } from './fit-search';
import type { BudgetFit, FitPart } from './fit-types';

export { isNoWorse } from './check-order';
export type { BudgetFit, FitOption, FitPart } from './fit-types';

/** The longest the async fit keeps the event loop before letting other requests in. */
const DEFAULT_SLICE_MS = 2;

/**
 * The budget fit, synchronously. Answers in bounded time whatever the parts: past `maxEvaluations`
 * candidate evaluations (default 20,000) the greedy fallback answers, with `exhaustive: false`.
 */
export function fitBudget(parts: readonly FitPart[], budgetCents: number, options: { maxEvaluations?: number } = {}): BudgetFit {
  const run = new FitSearch(parts, budgetCents, options.maxEvaluations).run();
  for (;;) {
    const next = run.next();
    if (next.done) return next.value;
  }
}

/**
 * The same search cut into slices that each run at most ~sliceMs, yielding to the event loop between slices
 * (setImmediate), so a fit never blocks other requests for more than a few ms. The search pauses at the
 * same points whatever the clock says, so the answer is exactly `fitBudget`'s.
 */
export async function fitBudgetAsync(
  parts: readonly FitPart[],
  budgetCents: number,
  options: { maxEvaluations?: number; sliceMs?: number } = {},
): Promise<BudgetFit> {
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const run = new FitSearch(parts, budgetCents, options.maxEvaluations).run();
  let sliceStart = performance.now();
  for (;;) {
    const next = run.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

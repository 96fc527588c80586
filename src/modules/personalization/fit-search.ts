/**
 * The budget-fit search (decision 030), written as a generator that pauses every few dozen microseconds of
 * work: `fitBudget` runs it to the end at once, `fitBudgetAsync` runs it in slices between which the
 * event loop serves other requests. Both drive the same steps, so they give the same answer. Nothing in
 * here reads the clock or depends on timing.
 *
 * The costly step is a compatibility check (a few microseconds each); attributes are given, already
 * resolved. A candidate's admissibility depends only on what the checks see of each part (type and
 * attributes), so it is remembered per combination of those: swapping a drive for another drive, or a case
 * for a case of the same size, costs no new check.
 */
import { type CheckedPart, checkCompatibility, type CompatibilityReport } from '../../compatibility/checks';
import { isNoWorse } from './check-order';
import type { BudgetFit, FitOption, FitPart } from './fit-types';
import { type Offer, type FreePart, type Pick, type FitState, type CheapestState, type Candidate, compareFit, compareCheapest, Signatures, freeParts, topSavings } from './fit-candidates';

export const DEFAULT_MAX_EVALUATIONS = 20_000;

/**
 * Nodes of the search tree the search may visit per allowed evaluation. Most nodes are cut by the bounds
 * before any candidate is complete; this keeps the time bounded even when almost every node is cut
 * (about 0.1 µs a node against a few µs a check).
 */
const STEPS_PER_EVALUATION = 10;

/** The greedy fallback's own allowance of compatibility checks, past the search's bound (about 5 ms). */
const GREEDY_EVALUATIONS = 1_000;

/**
 * Work units between two pauses, well under 0.1 ms of work: a node of the search tree or an alternative looked
 * at is 1, a look-up of a candidate already judged 5, a compatibility check 20 more.
 */
const WORK_PER_PAUSE = 1_000;
const LOOKUP_WORK = 5;
const CHECK_WORK = 20;

export class FitSearch {
  private readonly free: FreePart[];
  private readonly baseline: CompatibilityReport;
  private readonly baselineChecked: CheckedPart[];
  private readonly baselineSignatures: number[];
  private readonly baselineTotal: number;
  /** topSaving[from][count]: the sum of the `count` largest `maxSaving` among free parts from `from` on. */
  private readonly topSaving: number[][];
  /** suffixSaving[from]: the sum of every `maxSaving` from `from` on. */
  private readonly suffixSaving: number[];
  private readonly admissibleByKey = new Map<string, boolean>();
  private readonly maxSteps: number;
  private evaluations = 0;
  private steps = 0;
  private work = 0;
  private capped = false;

  constructor(
    parts: readonly FitPart[],
    private readonly budgetCents: number,
    private readonly maxEvaluations = DEFAULT_MAX_EVALUATIONS,
  ) {
    // The caller validates the visitor's budget (decision 030: 1 € to 100,000 €); anything else is a bug
    // there, and NaN would silently compare false everywhere below.
    if (!Number.isFinite(budgetCents)) throw new RangeError(`Budget non valido per l'adattamento: ${budgetCents}`);
    const signatures = new Signatures();
    this.baselineChecked = parts.map((part) => ({
      type: part.type,
      attributes: part.attributes,
    }));
    this.baselineSignatures = parts.map((part) => signatures.of(part.type, part.attributes));
    this.baseline = checkCompatibility(this.baselineChecked);
    this.baselineTotal = parts.reduce((sum, part) => sum + (part.counted ? part.priceCents : 0), 0);
    this.maxSteps = Math.max(1, maxEvaluations) * STEPS_PER_EVALUATION;
    this.free = freeParts(parts, this.baselineSignatures, signatures);
    this.topSaving = topSavings(this.free.map((part) => part.maxSaving));
    this.suffixSaving = this.free.map((_, from) => this.free.slice(from).reduce((sum, part) => sum + part.maxSaving, 0));
    this.suffixSaving.push(0);
  }

  /** The whole search; yields (with no value) wherever it may pause. */
  *run(): Generator<void, BudgetFit> {
    const none: Candidate = {
      picks: [],
      rankSum: 0,
      totalCents: this.baselineTotal,
    };
    if (this.baselineTotal <= this.budgetCents) return this.answer(none, true);
    // The cheapest admissible candidate first: it says at once whether anything fits (when it does not,
    // it is the answer) and, when it fits, how many swaps are enough, so no search goes further.
    const cheapest = yield* this.cheapest(yield* this.greedy(-Infinity, (offer) => offer.saving, this.maxEvaluations));
    let fitting: Candidate | null = null;
    if (!this.capped) {
      if (cheapest.totalCents > this.budgetCents) return this.answer(cheapest, true);
      fitting = yield* this.fewestSwapsThatFit(cheapest.picks.length);
      if (!this.capped) return this.answer(fitting ?? cheapest, true);
    }
    // Past the bound: the best of what the search found so far and the greedy answer.
    const found = [
      cheapest,
      ...(fitting ? [fitting] : []),
      yield* this.greedy(this.budgetCents, (offer) => offer.saving / (offer.option.rank + 1), this.evaluations + GREEDY_EVALUATIONS),
    ];
    const fits = found.filter((candidate) => candidate.totalCents <= this.budgetCents);
    const best = fits.length > 0 ? fits.sort(compareFit)[0]! : found.sort(compareCheapest)[0]!;
    return this.answer(best, false);
  }

  private answer(candidate: Candidate, exhaustive: boolean): BudgetFit {
    const swaps = new Map<number, FitOption>();
    for (const pick of candidate.picks) swaps.set(this.free[pick.part]!.componentId, pick.offer.option);
    return {
      swaps,
      totalCents: candidate.totalCents,
      met: candidate.totalCents <= this.budgetCents,
      evaluations: this.evaluations,
      exhaustive,
    };
  }

  /**
   * By increasing number of swaps up to `mostSwaps` (the cheapest candidate's, known to fit), the best
   * admissible candidate at or under the budget (when the bound is reached first: the best found so far,
   * if any). A number of swaps is skipped without a check when even its largest possible saving cannot
   * reach the budget.
   */
  private *fewestSwapsThatFit(mostSwaps: number): Generator<void, Candidate | null> {
    const needed = this.baselineTotal - this.budgetCents;
    for (let count = 1; count <= mostSwaps; count++) {
      if (this.topSaving[0]![count]! < needed) continue;
      const best = yield* this.bestWithSwaps(count, needed);
      if (best || this.capped) return best;
    }
    return null;
  }

  /** The best admissible candidate with exactly `count` swaps saving at least `needed`. */
  private *bestWithSwaps(count: number, needed: number): Generator<void, Candidate | null> {
    const state: FitState = { needed, picks: [], best: null };
    yield* this.extendFit(state, 0, count, 0, 0);
    return state.best;
  }

  private *extendFit(state: FitState, from: number, remaining: number, saving: number, rankSum: number): Generator<void> {
    if (this.pauseDue()) yield;
    if (!this.step()) return;
    if (remaining === 0) {
      const candidate = this.candidate(state.picks, saving, rankSum);
      if (state.best && compareFit(candidate, state.best) >= 0) return;
      if (this.admissible(candidate)) state.best = candidate;
      return;
    }
    for (let part = from; part <= this.free.length - remaining; part++) {
      // The bound only shrinks as the parts left get fewer: no later part can do better.
      if (saving + this.topSaving[part]![remaining]! < state.needed) return;
      for (const offer of this.free[part]!.byRank) {
        this.work++;
        // Ranks never go below 0, so a priority sum already worse than the best's cannot come back down.
        if (state.best && rankSum + offer.option.rank > state.best.rankSum) break;
        if (saving + offer.saving + this.topSaving[part + 1]![remaining - 1]! < state.needed) continue;
        state.picks.push({ part, offer });
        yield* this.extendFit(state, part + 1, remaining - 1, saving + offer.saving, rankSum + offer.option.rank);
        state.picks.pop();
        if (this.capped) return;
      }
    }
  }

  /**
   * The admissible candidate with the lowest total (the answer when nothing fits), by branch and bound over
   * every free part (its cheapest choices, largest saving first), starting from the author's build (always
   * admissible). A branch is cut when even its largest possible saving cannot beat the best total.
   */
  private *cheapest(start: Candidate): Generator<void, Candidate> {
    const state: CheapestState = { picks: [], best: start };
    yield* this.extendCheapest(state, 0, 0, 0);
    return state.best;
  }

  private *extendCheapest(state: CheapestState, part: number, saving: number, rankSum: number): Generator<void> {
    if (this.pauseDue()) yield;
    if (!this.step()) return;
    if (this.baselineTotal - saving - this.suffixSaving[part]! > state.best.totalCents) return;
    if (part === this.free.length) {
      if (state.picks.length === 0) return;
      const candidate = this.candidate(state.picks, saving, rankSum);
      if (compareCheapest(candidate, state.best) >= 0) return;
      if (this.admissible(candidate)) state.best = candidate;
      return;
    }
    for (const offer of this.free[part]!.cheapestChoices) {
      if (offer) state.picks.push({ part, offer });
      yield* this.extendCheapest(state, part + 1, saving + (offer?.saving ?? 0), rankSum + (offer?.option.rank ?? 0));
      if (offer) state.picks.pop();
      if (this.capped) return;
    }
  }

  /**
   * From the author's build, repeatedly the admissible single swap with the best score, until the total
   * is at or under `targetCents` or no admissible swap saves more. Past the bound it answers with the
   * best saving per step of priority (saving / (rank + 1)); with the largest saving and no target, it
   * gives the cheapest search a good admissible total to cut against from the start, within the search's
   * own bound. Past the bound, it has GREEDY_EVALUATIONS more checks of its own, so it always answers in
   * bounded time; when they run out it keeps the swaps it made (each one admissible).
   */
  private *greedy(targetCents: number, score: (offer: Offer) => number, limit: number): Generator<void, Candidate> {
    let current: Candidate = {
      picks: [],
      rankSum: 0,
      totalCents: this.baselineTotal,
    };
    while (current.totalCents > targetCents) {
      const swapped = new Set(current.picks.map((pick) => pick.part));
      const steps: { pick: Pick; score: number }[] = [];
      this.free.forEach((part, index) => {
        if (swapped.has(index)) return;
        for (const offer of part.byRank) if (offer.saving > 0) steps.push({ pick: { part: index, offer }, score: score(offer) });
      });
      steps.sort(
        (a, b) =>
          b.score - a.score || a.pick.part - b.pick.part || a.pick.offer.option.rank - b.pick.offer.option.rank || a.pick.offer.index - b.pick.offer.index,
      );
      let next: Candidate | null = null;
      this.work += steps.length;
      for (const { pick } of steps) {
        this.work += LOOKUP_WORK;
        if (this.pauseDue()) yield;
        const picks = [...current.picks, pick].sort((a, b) => a.part - b.part);
        const candidate: Candidate = {
          picks,
          rankSum: current.rankSum + pick.offer.option.rank,
          totalCents: current.totalCents - pick.offer.saving,
        };
        if (this.admissible(candidate, limit)) {
          next = candidate;
          break;
        }
      }
      if (!next) break;
      current = next;
    }
    return current;
  }

  private candidate(picks: readonly Pick[], saving: number, rankSum: number): Candidate {
    return {
      picks: [...picks],
      rankSum,
      totalCents: this.baselineTotal - saving,
    };
  }

  /**
   * Whether a candidate keeps every check at least as good as the author's build. An evaluation is one
   * compatibility check: a candidate that looks to the checks like one already judged costs none. Past
   * `limit` (`maxEvaluations` for the search) it answers false and stops the search.
   */
  private admissible(candidate: Candidate, limit = this.maxEvaluations): boolean {
    const signatures = [...this.baselineSignatures];
    for (const { part, offer } of candidate.picks) signatures[this.free[part]!.at] = offer.signature;
    const key = signatures.join(',');
    const known = this.admissibleByKey.get(key);
    this.work += LOOKUP_WORK;
    if (known !== undefined) return known;
    if (this.evaluations >= limit) {
      this.capped = true;
      return false;
    }
    this.evaluations++;
    const checked = [...this.baselineChecked];
    for (const { part, offer } of candidate.picks)
      checked[this.free[part]!.at] = {
        type: offer.option.type,
        attributes: offer.option.attributes,
      };
    const admissible = isNoWorse(this.baseline, checkCompatibility(checked));
    this.admissibleByKey.set(key, admissible);
    this.work += CHECK_WORK;
    return admissible;
  }

  /** One node of the search tree; false (and the search stops) past the bound on nodes. */
  private step(): boolean {
    this.work++;
    if (++this.steps > this.maxSteps) this.capped = true;
    return !this.capped;
  }

  private pauseDue(): boolean {
    if (this.work < WORK_PER_PAUSE) return false;
    this.work = 0;
    return true;
  }
}

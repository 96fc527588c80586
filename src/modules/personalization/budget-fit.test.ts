import { describe, expect, it } from 'vitest';
import { resolveAttributes } from '../../compatibility/assess';
import { checkCompatibility, type CompatibilityReport } from '../../compatibility/checks';
import { type BudgetFit, type FitOption, type FitPart, fitBudget, fitBudgetAsync, isNoWorse } from './budget-fit';
import { seededRandom } from '../../../tests/helpers/seeded-random';

const cents = (euro: number) => Math.round(euro * 100);

/** An alternative as the caller builds it: attributes resolved once from its title. */
function option(type: string, name: string, euro: number, rank: number): FitOption {
  return {
    key: `ALT-${name}`,
    priceCents: cents(euro),
    rank,
    type,
    attributes: resolveAttributes({ type, name }),
  };
}

/** A part of the author's build; its alternatives `[name, euro]` in the author's order. */
function part(componentId: number, type: string, name: string, euro: number, alternatives: [string, number][] = [], extra: Partial<FitPart> = {}): FitPart {
  return {
    componentId,
    position: componentId,
    type,
    attributes: resolveAttributes({ type, name }),
    priceCents: cents(euro),
    counted: true,
    fixed: false,
    options: alternatives.map(([alternative, price], rank) => option(type, alternative, price, rank)),
    ...extra,
  };
}

/**
 * A compatible AM5 build, every check ok: 162 W + 220 W + system and drive = 450 W on a 750 W supply.
 * Total 1,848 €. Alternatives per part are given by each test.
 */
function authorBuild(alternatives: Partial<Record<number, [string, number][]>> = {}, extra: Partial<Record<number, Partial<FitPart>>> = {}): FitPart[] {
  const rows: [number, string, string, number][] = [
    [1, 'CPU', 'AMD Ryzen 7 7800X3D', 449],
    [2, 'Motherboard', 'MSI B650 GAMING PLUS WIFI ATX AM5 DDR5', 199],
    [3, 'RAM', 'Corsair Vengeance 32GB DDR5-6000', 119],
    [4, 'GPU', 'ASUS Dual RTX 4070 SUPER', 649],
    [5, 'Storage', 'Samsung 990 PRO 2TB', 179],
    [6, 'PSU', 'Corsair RM750e 750W', 109],
    [7, 'Case', 'NZXT H5 Flow Case ATX', 99],
    [8, 'Cooler', 'Thermalright Peerless Assassin 120 SE', 45],
  ];
  return rows.map(([id, type, name, euro]) => part(id, type, name, euro, alternatives[id] ?? [], extra[id] ?? {}));
}
const AUTHOR_TOTAL = cents(1848);

/** The build with the fit's swaps made, as the checks see it. */
function applied(parts: readonly FitPart[], fit: BudgetFit) {
  return parts.map((p) => {
    const chosen = fit.swaps.get(p.componentId);
    return chosen ? { type: chosen.type, attributes: chosen.attributes } : { type: p.type, attributes: p.attributes };
  });
}

function totalOf(parts: readonly FitPart[], fit: BudgetFit): number {
  return parts.reduce((sum, p) => sum + (p.counted ? (fit.swaps.get(p.componentId)?.priceCents ?? p.priceCents) : 0), 0);
}

const reportOf = (parts: readonly FitPart[]): CompatibilityReport => checkCompatibility(parts.map((p) => ({ type: p.type, attributes: p.attributes })));

/** Every answer: only free parts swapped, the total as stated, admissible. */
function expectSound(parts: readonly FitPart[], fit: BudgetFit, budgetCents: number) {
  for (const [componentId, chosen] of fit.swaps) {
    const swapped = parts.find((p) => p.componentId === componentId)!;
    expect(swapped.fixed).toBe(false);
    expect(swapped.options).toContain(chosen);
  }
  expect(fit.totalCents).toBe(totalOf(parts, fit));
  expect(fit.met).toBe(fit.totalCents <= budgetCents);
  expect(isNoWorse(reportOf(parts), checkCompatibility(applied(parts, fit)))).toBe(true);
}

const swapKeys = (fit: BudgetFit) => Object.fromEntries([...fit.swaps].map(([componentId, chosen]) => [componentId, chosen.key]));

describe('isNoWorse', () => {
  const report = (...statuses: [string, CompatibilityReport['checks'][number]['status']][]): CompatibilityReport => ({
    checks: statuses.map(([rule, status]) => ({
      rule: rule as 'cpu_socket',
      status,
      message: '',
    })),
    estimated_watts: null,
  });

  it('orders ok < unknown < warning < error, check by check', () => {
    expect(isNoWorse(report(['cpu_socket', 'ok']), report(['cpu_socket', 'ok']))).toBe(true);
    expect(isNoWorse(report(['cpu_socket', 'ok']), report(['cpu_socket', 'unknown']))).toBe(false);
    expect(isNoWorse(report(['cpu_socket', 'unknown']), report(['cpu_socket', 'ok']))).toBe(true);
    expect(isNoWorse(report(['cpu_socket', 'unknown']), report(['cpu_socket', 'warning']))).toBe(false);
    expect(isNoWorse(report(['cpu_socket', 'warning']), report(['cpu_socket', 'unknown']))).toBe(true);
    expect(isNoWorse(report(['cpu_socket', 'warning']), report(['cpu_socket', 'error']))).toBe(false);
    expect(isNoWorse(report(['cpu_socket', 'ok'], ['psu_power', 'error']), report(['cpu_socket', 'ok'], ['psu_power', 'error']))).toBe(true);
    // Better on one check does not make up for worse on another.
    expect(isNoWorse(report(['cpu_socket', 'unknown'], ['psu_power', 'ok']), report(['cpu_socket', 'ok'], ['psu_power', 'warning']))).toBe(false);
  });

  it('counts a check that does not run as unknown, on either side', () => {
    expect(isNoWorse(report(['form_factor', 'ok']), report())).toBe(false);
    expect(isNoWorse(report(), report(['form_factor', 'unknown']))).toBe(true);
    expect(isNoWorse(report(), report(['form_factor', 'warning']))).toBe(false);
    expect(isNoWorse(report(['form_factor', 'unknown']), report())).toBe(true);
  });
});

describe('fitBudget', () => {
  it('starts from a build whose every check is ok', () => {
    expect(reportOf(authorBuild()).checks.map((check) => check.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('refuses a budget that is not a number (the caller validates the visitor’s)', () => {
    expect(() => fitBudget(authorBuild(), Number.NaN)).toThrow(RangeError);
    expect(() => fitBudget(authorBuild(), Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('swaps nothing when the build is already within the budget', () => {
    const parts = authorBuild({ 1: [['AMD Ryzen 5 7600', 199]] });
    for (const budget of [AUTHOR_TOTAL, AUTHOR_TOTAL + 1]) {
      expect(fitBudget(parts, budget)).toEqual({
        swaps: new Map(),
        totalCents: AUTHOR_TOTAL,
        met: true,
        evaluations: 0,
        exhaustive: true,
      });
    }
  });

  it('prefers one swap to two, even when the two are the author’s first choices', () => {
    const parts = authorBuild({
      1: [
        ['AMD Ryzen 7 7700', 299],
        ['AMD Ryzen 5 7600', 199],
      ],
      4: [['RTX 4070', 549]],
      5: [['Samsung 990 EVO 1TB', 59]],
    });
    // 200 € to save: the RTX 4070 (100 €) and the 1 TB drive (120 €) together, both rank 0, or the
    // Ryzen 5 7600 alone (250 €, rank 1). The Ryzen 7 7700 alone (150 €) is not enough.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(200));
    expect(swapKeys(fit)).toEqual({ 1: 'ALT-AMD Ryzen 5 7600' });
    expect(fit).toMatchObject({
      totalCents: AUTHOR_TOTAL - cents(250),
      met: true,
      exhaustive: true,
    });
    expectSound(parts, fit, AUTHOR_TOTAL - cents(200));
  });

  it('puts the author’s priorities before closeness to the budget', () => {
    const parts = authorBuild({
      4: [
        ['RTX 4060 Ti', 399],
        ['RTX 4070', 549],
      ],
    });
    // Both fit; the RTX 4070 would land closer to the budget, but the author ranks the 4060 Ti first.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(90));
    expect(swapKeys(fit)).toEqual({ 4: 'ALT-RTX 4060 Ti' });
    expect(fit.totalCents).toBe(AUTHOR_TOTAL - cents(250));
    expectSound(parts, fit, AUTHOR_TOTAL - cents(90));
  });

  it('with equal priorities, takes the total closest to the budget from below, then the earlier part', () => {
    const parts = authorBuild({
      1: [['AMD Ryzen 5 7600', 199]],
      4: [['RTX 4070', 549]],
      5: [['Samsung 990 EVO 1TB', 79]],
    });
    // Each saves enough alone (250, 100, 100 €), all rank 0: the smallest saving that fits gives up the least.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(90));
    expect(swapKeys(fit)).toEqual({ 4: 'ALT-RTX 4070' });
    expect(fit.totalCents).toBe(AUTHOR_TOTAL - cents(100));
    // The GPU (position 4) and the drive (position 5) save as much: the earlier part wins.
    const reordered = parts.map((p) => (p.componentId === 4 ? { ...p, position: 6 } : p));
    expect(swapKeys(fitBudget(reordered, AUTHOR_TOTAL - cents(90)))).toEqual({
      5: 'ALT-Samsung 990 EVO 1TB',
    });
  });

  it('when no admissible candidate fits, answers the cheapest admissible one with met false', () => {
    const parts = authorBuild({
      1: [
        ['AMD Ryzen 5 5600', 99],
        ['AMD Ryzen 5 7600', 199],
      ],
      4: [['RTX 4060', 299]],
      5: [['Samsung 990 EVO 1TB', 79]],
      6: [['Corsair CX550 550W', 59]],
    });
    const fit = fitBudget(parts, cents(500));
    // The AM4 Ryzen 5 5600 is cheaper but breaks the socket check; every other swap is taken. With the
    // RTX 4060 the 550 W supply keeps its margin (88 + 115 + 68 → 280 W, 364 W recommended).
    expect(swapKeys(fit)).toEqual({
      1: 'ALT-AMD Ryzen 5 7600',
      4: 'ALT-RTX 4060',
      5: 'ALT-Samsung 990 EVO 1TB',
      6: 'ALT-Corsair CX550 550W',
    });
    expect(fit).toMatchObject({
      totalCents: AUTHOR_TOTAL - cents(250 + 350 + 100 + 50),
      met: false,
      exhaustive: true,
    });
    expectSound(parts, fit, cents(500));
  });

  it('never picks a processor of another socket than the motherboard, even when only it would fit', () => {
    const parts = authorBuild({
      1: [
        ['Intel Core i5-14400F', 189],
        ['AMD Ryzen 5 7600', 199],
      ],
      5: [['Samsung 990 EVO 1TB', 79]],
    });
    // 255 € to save: the Intel alone saves 260 € but has socket LGA1700 on an AM5 board.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(255));
    expect(swapKeys(fit)).toEqual({
      1: 'ALT-AMD Ryzen 5 7600',
      5: 'ALT-Samsung 990 EVO 1TB',
    });
    expect(fit.met).toBe(true);
    expectSound(parts, fit, AUTHOR_TOTAL - cents(255));
    // Out of reach: the cheapest admissible total still leaves the Intel out.
    const impossible = fitBudget(parts, cents(100));
    expect(swapKeys(impossible)).toEqual({
      1: 'ALT-AMD Ryzen 5 7600',
      5: 'ALT-Samsung 990 EVO 1TB',
    });
    expect(impossible.met).toBe(false);
  });

  it('takes a dearer motherboard when it is what lets a cheaper processor of its socket in', () => {
    const parts = authorBuild({
      1: [['Intel Core i5-14400F', 189]],
      2: [['MSI PRO B760-P WIFI DDR5 ATX', 209]],
    });
    // The board costs 10 € more, the processor 260 € less: 250 € saved, every check still ok.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(200));
    expect(swapKeys(fit)).toEqual({
      1: 'ALT-Intel Core i5-14400F',
      2: 'ALT-MSI PRO B760-P WIFI DDR5 ATX',
    });
    expect(fit.totalCents).toBe(AUTHOR_TOTAL - cents(250));
    expect(checkCompatibility(applied(parts, fit)).checks.map((check) => check.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('recomputes the power check with the swapped parts', () => {
    const parts = authorBuild({
      4: [['RTX 4060', 299]],
      6: [
        ['Corsair CX550 550W', 59],
        ['MSI MAG A650BN 650W', 79],
      ],
    });
    // 450 W estimated: 550 W leaves too little margin (a warning, worse than ok), 650 W is enough.
    const supplyOnly = authorBuild({
      6: [
        ['Corsair CX550 550W', 59],
        ['MSI MAG A650BN 650W', 79],
      ],
    });
    const noRoom = fitBudget(supplyOnly, AUTHOR_TOTAL - cents(40));
    expect(swapKeys(noRoom)).toEqual({ 6: 'ALT-MSI MAG A650BN 650W' });
    expect(noRoom).toMatchObject({
      totalCents: AUTHOR_TOTAL - cents(30),
      met: false,
    });
    // With the RTX 4060 (350 W estimated) the 550 W supply, the author's first choice, is fine.
    const fit = fitBudget(parts, AUTHOR_TOTAL - cents(360));
    expect(swapKeys(fit)).toEqual({
      4: 'ALT-RTX 4060',
      6: 'ALT-Corsair CX550 550W',
    });
    expectSound(parts, fit, AUTHOR_TOTAL - cents(360));
  });

  it('leaves fixed and owned parts alone, and counts owned parts 0', () => {
    const parts = authorBuild(
      {
        4: [['RTX 4060', 299]],
        5: [['Samsung 990 EVO 1TB', 79]],
        7: [['Case ATX Mid Tower', 59]],
        1: [['AMD Ryzen 5 7600', 199]],
      },
      // The visitor chose the GPU explicitly and owns the case.
      { 4: { fixed: true }, 7: { fixed: true, counted: false } },
    );
    const withoutCase = AUTHOR_TOTAL - cents(99);
    expect(fitBudget(parts, withoutCase)).toMatchObject({
      swaps: new Map(),
      totalCents: withoutCase,
      met: true,
    });
    // 150 € to save: the GPU would do it alone, but it is fixed: the CPU instead.
    const fit = fitBudget(parts, withoutCase - cents(150));
    expect(swapKeys(fit)).toEqual({ 1: 'ALT-AMD Ryzen 5 7600' });
    expect(fit.totalCents).toBe(withoutCase - cents(250));
    const impossible = fitBudget(parts, cents(1));
    expect(swapKeys(impossible)).toEqual({
      1: 'ALT-AMD Ryzen 5 7600',
      5: 'ALT-Samsung 990 EVO 1TB',
    });
    expect(impossible.totalCents).toBe(withoutCase - cents(250 + 100));
    expectSound(parts, impossible, cents(1));
  });

  it('past the evaluation bound, answers with the greedy fallback, still admissible', () => {
    const parts = authorBuild({
      1: [
        ['Intel Core i5-14400F', 149],
        ['AMD Ryzen 5 7600', 199],
      ],
      4: [
        ['RTX 4060', 299],
        ['RTX 4060 Ti', 399],
      ],
      5: [['Samsung 990 EVO 1TB', 79]],
      6: [['Corsair CX550 550W', 59]],
    });
    const budget = AUTHOR_TOTAL - cents(600);
    const full = fitBudget(parts, budget);
    expect(full.exhaustive).toBe(true);
    expect(full.evaluations).toBeGreaterThan(1);
    const bounded = fitBudget(parts, budget, { maxEvaluations: 1 });
    expect(bounded.exhaustive).toBe(false);
    expectSound(parts, bounded, budget);
    // Best saving per step of priority first: the 4060 (350 €), then the Ryzen 5 7600 (the Intel is
    // refused: other socket), which meets the budget.
    expect(swapKeys(bounded)).toEqual({
      1: 'ALT-AMD Ryzen 5 7600',
      4: 'ALT-RTX 4060',
    });
    expect(bounded.met).toBe(true);
    // Nothing at all allowed: the greedy alone still answers, within the checks.
    const none = fitBudget(parts, cents(1), { maxEvaluations: 0 });
    expect(none.exhaustive).toBe(false);
    expect(none.met).toBe(false);
    expectSound(parts, none, cents(1));
  });
});


/** Titles the extractor reads, per type, some deliberately unknown or mismatched. */
const CATALOGUE: Record<string, string[]> = {
  CPU: ['AMD Ryzen 5 7600', 'AMD Ryzen 7 7800X3D', 'Intel Core i5-14400F', 'AMD Ryzen 5 5600', 'Processore desktop'],
  Motherboard: ['MSI B650 GAMING PLUS WIFI ATX AM5 DDR5', 'GIGABYTE B650M GAMING X AX', 'MSI PRO B760-P WIFI DDR5 ATX', 'ASUS TUF GAMING B650-PLUS WIFI'],
  RAM: ['Corsair Vengeance 32GB DDR5-6000', 'Corsair Vengeance LPX 16GB DDR4 3200', 'Kit memoria 32 GB'],
  GPU: ['RTX 4060', 'ASUS Dual RTX 4070 SUPER', 'RTX 4090', 'RX 7800 XT'],
  PSU: ['Corsair CX550 550W', 'MSI MAG A650BN 650W', 'Corsair RM850e 850W', 'Alimentatore 80 PLUS Gold'],
  Case: ['NZXT H5 Flow Case ATX', 'Case Micro-ATX', 'Cooler Master NR200P Case Mini-ITX'],
  Storage: ['Samsung 990 PRO 2TB', 'Crucial P3 Plus 2TB'],
};

function randomBuild(next: () => number, maxOptions: number): FitPart[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const types = Object.keys(CATALOGUE);
  return types.map((type, index) => {
    const options = Array.from({ length: Math.floor(next() * (maxOptions + 1)) }, () => pick(CATALOGUE[type]!));
    const roll = next();
    const built = part(
      index + 1,
      type,
      pick(CATALOGUE[type]!),
      20 + Math.floor(next() * 400),
      options.map((name) => [name, 20 + Math.floor(next() * 400)]),
      {
        // Not the order of the array: the search must go by position.
        position: types.length - index,
        fixed: roll < 0.15,
        counted: !(roll < 0.05),
      },
    );
    // The same title may come twice at different prices: keys tell them apart.
    return {
      ...built,
      options: built.options.map((o) => ({ ...o, key: `${o.key}#${o.rank}` })),
    };
  });
}

/** Every candidate, checked one by one: the rule of decision 030 written as plainly as possible. */
function bruteForce(parts: readonly FitPart[], budgetCents: number): { keys: Record<number, string>; totalCents: number } {
  const baseline = reportOf(parts);
  const total = parts.reduce((sum, p) => sum + (p.counted ? p.priceCents : 0), 0);
  if (total <= budgetCents) return { keys: {}, totalCents: total };
  const free = parts.filter((p) => !p.fixed && p.counted).sort((a, b) => a.position - b.position);
  interface Entry {
    swaps: { p: FitPart; o: FitOption }[];
    total: number;
    rankSum: number;
  }
  const all: Entry[] = [];
  const walk = (index: number, swaps: { p: FitPart; o: FitOption }[]) => {
    if (index === free.length) {
      const chosen = new Map(swaps.map(({ p, o }) => [p.componentId, o]));
      const after = checkCompatibility(parts.map((p) => chosen.get(p.componentId) ?? p));
      if (!isNoWorse(baseline, after)) return;
      all.push({
        swaps: [...swaps],
        total: total - swaps.reduce((sum, { p, o }) => sum + p.priceCents - o.priceCents, 0),
        rankSum: swaps.reduce((sum, { o }) => sum + o.rank, 0),
      });
      return;
    }
    walk(index + 1, swaps);
    for (const o of free[index]!.options) walk(index + 1, [...swaps, { p: free[index]!, o }]);
  };
  walk(0, []);
  const tail = (a: Entry, b: Entry) => {
    for (let i = 0; i < a.swaps.length; i++) if (a.swaps[i]!.p.position !== b.swaps[i]!.p.position) return a.swaps[i]!.p.position - b.swaps[i]!.p.position;
    for (let i = 0; i < a.swaps.length; i++) if (a.swaps[i]!.o.rank !== b.swaps[i]!.o.rank) return a.swaps[i]!.o.rank - b.swaps[i]!.o.rank;
    return 0;
  };
  const fitting = all.filter((entry) => entry.total <= budgetCents);
  const [best] = fitting.length
    ? fitting.sort((a, b) => a.swaps.length - b.swaps.length || a.rankSum - b.rankSum || b.total - a.total || tail(a, b))
    : all.sort((a, b) => a.total - b.total || a.swaps.length - b.swaps.length || a.rankSum - b.rankSum || tail(a, b));
  return {
    keys: Object.fromEntries(best!.swaps.map(({ p, o }) => [p.componentId, o.key])),
    totalCents: best!.total,
  };
}

describe('fitBudget on random builds', () => {
  it('gives the answer of checking every candidate', () => {
    const next = seededRandom(20261128);
    for (let instance = 0; instance < 150; instance++) {
      const parts = randomBuild(next, 3);
      const total = parts.reduce((sum, p) => sum + (p.counted ? p.priceCents : 0), 0);
      const budget = Math.floor(total * (0.3 + next() * 0.8));
      const fit = fitBudget(parts, budget);
      expect(fit.exhaustive).toBe(true);
      expect({ keys: swapKeys(fit), totalCents: fit.totalCents }, `instance ${instance}`).toEqual(bruteForce(parts, budget));
      expectSound(parts, fit, budget);
    }
  });

  it('fitBudgetAsync answers exactly as fitBudget, with and without the bound', async () => {
    const next = seededRandom(7);
    for (let instance = 0; instance < 40; instance++) {
      const parts = randomBuild(next, 5);
      const total = parts.reduce((sum, p) => sum + (p.counted ? p.priceCents : 0), 0);
      const budget = Math.floor(total * (0.3 + next() * 0.8));
      for (const maxEvaluations of [undefined, 3]) {
        const sync = fitBudget(parts, budget, { maxEvaluations });
        // sliceMs 0: a pause at every point the search offers one.
        const async = await fitBudgetAsync(parts, budget, {
          maxEvaluations,
          sliceMs: 0,
        });
        expect(async, `instance ${instance}`).toEqual(sync);
        expectSound(parts, async, budget);
      }
    }
  });

  it('fitBudgetAsync lets other callbacks run while it searches', async () => {
    const next = seededRandom(99);
    // A build whose search takes many steps, so that it has points to pause at.
    let parts = randomBuild(next, 5);
    let budget = 0;
    for (;;) {
      const total = parts.reduce((sum, p) => sum + (p.counted ? p.priceCents : 0), 0);
      budget = Math.floor(total * 0.6);
      if (fitBudget(parts, budget).evaluations > 50) break;
      parts = randomBuild(next, 5);
    }
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    expect(await fitBudgetAsync(parts, budget, { sliceMs: 0 })).toEqual(fitBudget(parts, budget));
    running = false;
    expect(ticks).toBeGreaterThan(1);
  });
});

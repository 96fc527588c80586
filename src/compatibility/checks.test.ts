import { describe, expect, it } from 'vitest';
import type { ComponentAttributes } from './attributes';
import { chooseSwap, summarizeCompatibility, swapEffect } from './assess';
import { BASE_SYSTEM_WATTS, type CheckedPart, checkCompatibility, recommendedPsuWatts, STORAGE_WATTS } from './checks';

const part = (type: string, attributes: ComponentAttributes = {}): CheckedPart => ({ type, attributes });

/** A complete, compatible AM5 build: 230 W CPU, 250 W GPU, one SSD, 850 W supply. */
function goodBuild(): CheckedPart[] {
  return [
    part('CPU', { socket: 'AM5', watts: 230 }),
    part('Motherboard', { socket: 'AM5', memory_type: 'DDR5', form_factor: 'ATX' }),
    part('RAM', { memory_type: 'DDR5' }),
    part('GPU', { watts: 250 }),
    part('Storage'),
    part('Cooler'),
    part('PSU', { watts: 850 }),
    part('Case', { form_factor: 'ATX' }),
  ];
}

const statusOf = (parts: CheckedPart[]) => Object.fromEntries(checkCompatibility(parts).checks.map((check) => [check.rule, check.status]));
const replace = (parts: CheckedPart[], type: string, attributes: ComponentAttributes) => parts.map((p) => (p.type === type ? part(type, attributes) : p));

describe('checkCompatibility', () => {
  it('passes every check of a compatible build and estimates its draw', () => {
    const report = checkCompatibility(goodBuild());
    expect(report.checks.map((check) => [check.rule, check.status])).toEqual([
      ['cpu_socket', 'ok'],
      ['memory_type', 'ok'],
      ['form_factor', 'ok'],
      ['psu_power', 'ok'],
    ]);
    // 230 + 250 + base + one drive, rounded up to 10 W.
    expect(report.estimated_watts).toBe(Math.ceil((230 + 250 + BASE_SYSTEM_WATTS + STORAGE_WATTS) / 10) * 10);
    expect(report.checks[0]!.message).toBe('Processore e scheda madre usano lo stesso socket (AM5)');
    expect(summarizeCompatibility(report).verified).toBe(true);
  });

  it('gives an error for a socket, memory or size mismatch, with Italian messages naming both sides', () => {
    const socket = checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'AM4', watts: 88 })).checks.find((check) => check.rule === 'cpu_socket')!;
    expect(socket).toEqual({ rule: 'cpu_socket', status: 'error', message: 'Il processore usa il socket AM4, ma la scheda madre ha il socket AM5' });
    const memory = checkCompatibility(replace(goodBuild(), 'RAM', { memory_type: 'DDR4' })).checks.find((check) => check.rule === 'memory_type')!;
    expect(memory).toEqual({ rule: 'memory_type', status: 'error', message: 'La RAM è DDR4, ma la scheda madre supporta la DDR5' });
    const size = checkCompatibility(replace(goodBuild(), 'Case', { form_factor: 'Micro-ATX' })).checks.find((check) => check.rule === 'form_factor')!;
    expect(size).toEqual({ rule: 'form_factor', status: 'error', message: 'La scheda madre ATX non entra in un case Micro-ATX' });
  });

  it('lets a smaller board into a larger case', () => {
    const parts = replace(replace(goodBuild(), 'Motherboard', { socket: 'AM5', memory_type: 'DDR5', form_factor: 'Mini-ITX' }), 'Case', { form_factor: 'E-ATX' });
    expect(statusOf(parts).form_factor).toBe('ok');
    expect(statusOf(replace(goodBuild(), 'Case', { form_factor: 'E-ATX' })).form_factor).toBe('ok');
    expect(statusOf(replace(goodBuild(), 'Motherboard', { socket: 'AM5', memory_type: 'DDR5', form_factor: 'E-ATX' })).form_factor).toBe('warning');
  });

  it('warns, without an error, of an E-ATX board in an ATX case (many mid-towers take one); other oversized boards are errors', () => {
    const board = (form_factor: ComponentAttributes['form_factor']) => part('Motherboard', { socket: 'AM5', memory_type: 'DDR5', form_factor });
    const sizeCheck = (boardSize: ComponentAttributes['form_factor'], caseSize: ComponentAttributes['form_factor']) =>
      checkCompatibility([board(boardSize), part('Case', { form_factor: caseSize })]).checks.find((check) => check.rule === 'form_factor')!;
    expect(sizeCheck('E-ATX', 'ATX')).toEqual({
      rule: 'form_factor',
      status: 'warning',
      message:
        'La scheda madre E-ATX potrebbe non entrare in un case ATX: controlla la larghezza massima di scheda madre supportata dal case (molti mid-tower ATX accettano schede E-ATX fino a circa 280 mm)',
    });
    expect(sizeCheck('E-ATX', 'Micro-ATX')).toEqual({ rule: 'form_factor', status: 'error', message: 'La scheda madre E-ATX non entra in un case Micro-ATX' });
    expect(sizeCheck('ATX', 'Micro-ATX').status).toBe('error');
    expect(sizeCheck('ATX', 'Mini-ITX').status).toBe('error');
    expect(sizeCheck('Micro-ATX', 'Mini-ITX')).toEqual({ rule: 'form_factor', status: 'error', message: 'La scheda madre Micro-ATX non entra in un case Mini-ITX' });
    expect(sizeCheck('E-ATX', 'E-ATX').status).toBe('ok');
    // A certain error among several cases wins over the warning.
    const twoCases = checkCompatibility([board('E-ATX'), part('Case', { form_factor: 'ATX' }), part('Case', { form_factor: 'Mini-ITX' })]);
    expect(twoCases.checks.find((check) => check.rule === 'form_factor')!.status).toBe('error');
  });

  it('says unknown, never error, when an attribute is missing', () => {
    const parts = replace(replace(goodBuild(), 'CPU', { watts: 230 }), 'Case', {});
    const report = checkCompatibility(parts);
    const socket = report.checks.find((check) => check.rule === 'cpu_socket')!;
    expect(socket.status).toBe('unknown');
    expect(socket.message).toBe('Socket del processore non riconosciuto: compatibilità con la scheda madre non verificabile');
    expect(report.checks.find((check) => check.rule === 'form_factor')!.status).toBe('unknown');
    expect(summarizeCompatibility(report).verified).toBe(false);
  });

  it('keeps a certain mismatch an error even when another part of the same kind is unknown', () => {
    const parts = [...replace(goodBuild(), 'RAM', { memory_type: 'DDR4' }), part('RAM')];
    expect(statusOf(parts).memory_type).toBe('error');
  });

  it('sizes the supply: ok with 30 % headroom, warning below it, error below the draw', () => {
    const draw = checkCompatibility(goodBuild()).estimated_watts!; // 550 W
    expect(recommendedPsuWatts(draw)).toBe(750);
    const at = (watts: number) => checkCompatibility(replace(goodBuild(), 'PSU', { watts })).checks.find((check) => check.rule === 'psu_power')!;
    expect(at(Math.ceil(draw * 1.3)).status).toBe('ok');
    expect(at(Math.ceil(draw * 1.3) - 1).status).toBe('warning');
    expect(at(draw).status).toBe('warning');
    expect(at(draw - 1).status).toBe('error');
    expect(at(650)).toEqual({
      rule: 'psu_power',
      status: 'warning',
      message: `L'alimentatore da 650 W lascia solo il 18 % di margine sul consumo stimato di ${draw} W: consigliato almeno 750 W (margine del 30–40 %)`,
    });
    expect(at(450).message).toBe(`L'alimentatore da 450 W è sotto il consumo stimato di ${draw} W`);
    expect(at(850).message).toBe(`L'alimentatore da 850 W copre il consumo stimato di ${draw} W con il 55 % di margine`);
    // The article is elided before a number read with a vowel: "l'82 %", "l'8 %".
    expect(at(1000).message).toBe(`L'alimentatore da 1000 W copre il consumo stimato di ${draw} W con l'82 % di margine`);
    expect(at(595).message).toMatch(/^L'alimentatore da 595 W lascia solo l'8 % di margine/);
  });

  it('cannot estimate the draw without a CPU power or a graphics card power, and says which', () => {
    const noGpuPower = checkCompatibility(replace(goodBuild(), 'GPU', {}));
    expect(noGpuPower.estimated_watts).toBeNull();
    expect(noGpuPower.checks.find((check) => check.rule === 'psu_power')).toEqual({
      rule: 'psu_power',
      status: 'unknown',
      message: 'Potenza della scheda video non riconosciuta: consumo non stimabile',
    });
    const noPsuPower = checkCompatibility(replace(goodBuild(), 'PSU', {}));
    expect(noPsuPower.estimated_watts).not.toBeNull();
    expect(noPsuPower.checks.find((check) => check.rule === 'psu_power')!.status).toBe('unknown');
  });

  it('says that without a processor the draw cannot be estimated, not that its power is unknown', () => {
    const noCpu = checkCompatibility(goodBuild().filter((p) => p.type !== 'CPU'));
    expect(noCpu.estimated_watts).toBeNull();
    expect(noCpu.checks.find((check) => check.rule === 'psu_power')).toEqual({
      rule: 'psu_power',
      status: 'unknown',
      message: 'Nessun processore nella build: consumo non stimabile',
    });
    expect(checkCompatibility([part('GPU', { watts: 250 }), part('PSU', { watts: 850 })]).checks).toEqual([
      { rule: 'psu_power', status: 'unknown', message: 'Nessun processore nella build: consumo non stimabile' },
    ]);
    const noCpuPower = checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'AM5' }));
    expect(noCpuPower.checks.find((check) => check.rule === 'psu_power')!.message).toBe('Potenza del processore non riconosciuta: consumo non stimabile');
  });

  it('estimates a build without a graphics card (integrated graphics) from the CPU alone', () => {
    const office = goodBuild().filter((p) => p.type !== 'GPU');
    expect(checkCompatibility(office).estimated_watts).toBe(Math.ceil((230 + BASE_SYSTEM_WATTS + STORAGE_WATTS) / 10) * 10);
  });

  it('runs only the checks whose two parts are in the build', () => {
    expect(checkCompatibility([part('CPU', { socket: 'AM5', watts: 88 }), part('GPU', { watts: 115 })]).checks).toEqual([]);
    expect(checkCompatibility([part('Storage')]).estimated_watts).toBeNull();
  });

  it('reads free-text types the way the editor and importer write them', () => {
    const parts = [part('Processore', { socket: 'AM4', watts: 88 }), part('Scheda madre', { socket: 'AM5' })];
    expect(statusOf(parts).cpu_socket).toBe('error');
  });
});

describe('swapEffect', () => {
  const before = checkCompatibility(goodBuild());
  it('keeps, degrades (ok becomes unknown or warning) or breaks (a check becomes an error)', () => {
    expect(swapEffect(before, checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'AM5', watts: 162 })))).toBe('keeps');
    expect(swapEffect(before, checkCompatibility(replace(goodBuild(), 'CPU', { watts: 162 })))).toBe('degrades');
    expect(swapEffect(before, checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'LGA1700', watts: 253 })))).toBe('breaks');
  });
  it('does not blame a swap for an error that was already there', () => {
    const broken = replace(goodBuild(), 'RAM', { memory_type: 'DDR4' });
    expect(swapEffect(checkCompatibility(broken), checkCompatibility(replace(broken, 'CPU', { socket: 'AM5', watts: 162 })))).toBe('keeps');
  });
});

describe('swapEffect and chooseSwap', () => {
  /** The good build with its case unknown: every check ok but the form factor. */
  const unknownCase = replace(goodBuild(), 'Case', {});
  const before = checkCompatibility(unknownCase);
  const withCase = (form_factor?: ComponentAttributes['form_factor']) => checkCompatibility(replace(unknownCase, 'Case', form_factor ? { form_factor } : {}));

  it('tells a swap that makes more checks ok (and none worse) from one that keeps them', () => {
    expect(statusOf(unknownCase).form_factor).toBe('unknown');
    expect(swapEffect(before, withCase())).toBe('keeps');
    expect(swapEffect(before, withCase('ATX'))).toBe('improves');
    expect(swapEffect(before, withCase('Micro-ATX'))).toBe('breaks');
    expect(swapEffect(checkCompatibility(goodBuild()), checkCompatibility(replace(goodBuild(), 'GPU', {})))).toBe('degrades');
    // Settling one check while another ok one is lost is not an improvement.
    const lostPower = checkCompatibility(replace(replace(unknownCase, 'Case', { form_factor: 'ATX' }), 'PSU', {}));
    expect(swapEffect(before, lostPower)).toBe('degrades');
  });

  it('ranks a substitute that settles an unknown check above an earlier one that leaves it unknown', () => {
    const choice = chooseSwap(before, [
      { option: 'first, case still unknown', after: withCase() },
      { option: 'second, every check ok', after: withCase('ATX') },
    ]);
    expect(choice).toEqual({ option: 'second, every check ok', effect: 'improves' });
    expect(withCase('ATX').checks.every((check) => check.status === 'ok')).toBe(true);
  });

  it('keeps the priority order among equals, and never picks a swap that turns a check into an error', () => {
    expect(chooseSwap(before, [{ option: 'a', after: withCase() }, { option: 'b', after: withCase() }])).toEqual({ option: 'a', effect: 'keeps' });
    expect(chooseSwap(before, [{ option: 'a', after: withCase('E-ATX') }, { option: 'b', after: withCase('ATX') }])).toEqual({
      option: 'a',
      effect: 'improves',
    });
    // An error-free keeper beats a swap that fixes one check and breaks another.
    expect(chooseSwap(before, [{ option: 'breaks', after: withCase('Mini-ITX') }, { option: 'keeps', after: withCase() }])).toEqual({
      option: 'keeps',
      effect: 'keeps',
    });
    // A degrading swap only when nothing keeps the checks; the one with more checks ok first.
    const good = checkCompatibility(goodBuild());
    const noGpuPower = checkCompatibility(replace(goodBuild(), 'GPU', {}));
    const noSocket = checkCompatibility(replace(replace(goodBuild(), 'CPU', { watts: 230 }), 'GPU', {}));
    expect(chooseSwap(good, [{ option: 'worse', after: noSocket }, { option: 'bad', after: noGpuPower }])).toEqual({ option: 'bad', effect: 'degrades' });
    expect(chooseSwap(good, [{ option: 'bad', after: noGpuPower }, { option: 'same', after: good }])).toEqual({ option: 'same', effect: 'keeps' });
  });

  it('chooses nothing when every swap breaks a check, naming the check the first one breaks', () => {
    const broken = checkCompatibility(replace(unknownCase, 'CPU', { socket: 'AM4', watts: 88 }));
    expect(chooseSwap(before, [{ option: 'am4', after: broken }, { option: 'small case', after: withCase('Mini-ITX') }])).toEqual({
      option: null,
      breaking: { rule: 'cpu_socket', status: 'error', message: 'Il processore usa il socket AM4, ma la scheda madre ha il socket AM5' },
    });
    expect(chooseSwap(before, [])).toEqual({ option: null, breaking: null });
    // An error that was already there is not the swap's.
    const brokenBefore = checkCompatibility(replace(goodBuild(), 'RAM', { memory_type: 'DDR4' }));
    expect(chooseSwap(brokenBefore, [{ option: 'same', after: brokenBefore }])).toEqual({ option: 'same', effect: 'keeps' });
  });
});

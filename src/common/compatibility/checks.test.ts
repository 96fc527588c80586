import { describe, expect, it } from 'vitest';
import type { ComponentAttributes } from './attributes';
import { compareAfterSwap, summarizeCompatibility } from './assess';
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
    expect(statusOf(replace(goodBuild(), 'Motherboard', { socket: 'AM5', memory_type: 'DDR5', form_factor: 'E-ATX' })).form_factor).toBe('error');
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

describe('compareAfterSwap', () => {
  const before = checkCompatibility(goodBuild());
  it('keeps, degrades (ok becomes unknown or warning) or breaks (a check becomes an error)', () => {
    expect(compareAfterSwap(before, checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'AM5', watts: 162 })))).toBe('keeps');
    expect(compareAfterSwap(before, checkCompatibility(replace(goodBuild(), 'CPU', { watts: 162 })))).toBe('degrades');
    expect(compareAfterSwap(before, checkCompatibility(replace(goodBuild(), 'CPU', { socket: 'LGA1700', watts: 253 })))).toBe('breaks');
  });
  it('does not blame a swap for an error that was already there', () => {
    const broken = replace(goodBuild(), 'RAM', { memory_type: 'DDR4' });
    expect(compareAfterSwap(checkCompatibility(broken), checkCompatibility(replace(broken, 'CPU', { socket: 'AM5', watts: 162 })))).toBe('keeps');
  });
});

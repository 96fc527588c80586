/**
 * The attribute reader on real-looking Amazon.it titles (tests/fixtures/amazon-titles-it.json), on its
 * own tables, and on the traps of shop titles. The demo content is checked in src/db/seed-data.test.ts
 * (common may not import db).
 */
import { describe, expect, it } from 'vitest';
import fixtures from '../../tests/fixtures/amazon-titles-it.json';
import { ATTRIBUTES_OF, type ComponentAttributes, partKindOf, type PartKind } from './attributes';
import { CHIPSET_SOCKETS } from './data/chipsets';
import { CPU_POWER } from './data/cpu-power';
import { GPU_POWER } from './data/gpu-power';
import { deriveAttributes } from './extract';

interface TitleFixture {
  type: string;
  title: string;
  expected: ComponentAttributes;
}

const titles = fixtures as TitleFixture[];

function kindOf(type: string): PartKind {
  const kind = partKindOf(type);
  if (!kind) throw new Error(`tipo sconosciuto nella fixture: ${type}`);
  return kind;
}

/** Every attribute its kind carries was found. */
function complete(type: string, attributes: ComponentAttributes): boolean {
  return ATTRIBUTES_OF[kindOf(type)].every((key) => attributes[key] !== undefined);
}

describe('deriveAttributes on Amazon.it titles', () => {
  it('has at least 70 titles, at least 10 of each kind', () => {
    expect(titles.length).toBeGreaterThanOrEqual(70);
    const perKind = new Map<PartKind, number>();
    for (const { type } of titles) perKind.set(kindOf(type), (perKind.get(kindOf(type)) ?? 0) + 1);
    for (const kind of Object.keys(ATTRIBUTES_OF) as PartKind[]) expect(perKind.get(kind), kind).toBeGreaterThanOrEqual(10);
  });

  it.each(titles.map((fixture) => [fixture.title, fixture] as const))('%s', (_title, { type, title, expected }) => {
    // Exactly what the title tells: nothing missed, nothing guessed.
    expect(deriveAttributes({ type, name: title })).toEqual(expected);
  });

  it('finds every attribute for at least 90 % of the titles', () => {
    const found = titles.filter(({ type, title }) => complete(type, deriveAttributes({ type, name: title }))).length;
    const share = found / titles.length;
    console.log(`attributi trovati: ${found}/${titles.length} titoli (${Math.round(share * 100)} %)`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the tables', () => {
  it.each(CHIPSET_SOCKETS.map((row) => [row.chipset, row] as const))('chipset %s gives its socket', (chipset, row) => {
    expect(deriveAttributes({ type: 'Motherboard', name: `Scheda madre ${chipset}` }).socket).toBe(row.socket);
  });

  it.each(CPU_POWER.map((row) => [row.cpu, row] as const))('%s is recognised, with a socket', (_cpu, row) => {
    const attributes = deriveAttributes({ type: 'CPU', name: row.cpu });
    expect(attributes.watts).toBe(row.watts);
    expect(attributes.socket).toBeDefined();
  });

  it.each(GPU_POWER.map((row) => [`${row.gpu}${'memoryGb' in row ? ` ${row.memoryGb}GB` : ''}`, row] as const))(
    '%s is recognised',
    (name, row) => {
      expect(deriveAttributes({ type: 'GPU', name })).toEqual({ watts: row.watts });
    },
  );
});

describe('deriveAttributes', () => {
  it('knows the part from its type, in English and Italian', () => {
    expect(partKindOf('CPU')).toBe('CPU');
    expect(partKindOf(' processore ')).toBe('CPU');
    expect(partKindOf('Scheda madre')).toBe('Motherboard');
    expect(partKindOf('mobo')).toBe('Motherboard');
    expect(partKindOf('Memoria RAM')).toBe('RAM');
    expect(partKindOf('Scheda video')).toBe('GPU');
    expect(partKindOf('Alimentatore')).toBe('PSU');
    expect(partKindOf('Cabinet')).toBe('Case');
    expect(partKindOf('Storage')).toBeNull();
    expect(partKindOf('Dissipatore')).toBeNull();
    expect(partKindOf('Scheda madre usata')).toBeNull();
  });

  it('gives nothing to parts it does not check', () => {
    expect(deriveAttributes({ type: 'Storage', name: 'Samsung 990 PRO 2TB DDR4 cache' })).toEqual({});
    expect(deriveAttributes({ type: 'Cooler', name: 'Noctua NH-D15 compatibile AM5 e LGA1700, 140 mm' })).toEqual({});
    expect(deriveAttributes({ type: 'Monitor', name: 'Monitor 27" 1440p 180 Hz' })).toEqual({});
    expect(deriveAttributes({ type: '', name: 'AMD Ryzen 5 7600X' })).toEqual({});
  });

  it('never takes a socket from a brand or a vague name', () => {
    expect(deriveAttributes({ type: 'CPU', name: 'Processore AMD per PC desktop, 8 core, scatola originale', brand: 'AMD' })).toEqual({});
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core i7 processore desktop', brand: 'Intel' })).toEqual({});
    expect(deriveAttributes({ type: 'Motherboard', name: 'Scheda madre gaming Wi-Fi', brand: 'ASUS' })).toEqual({});
    expect(deriveAttributes({ type: 'GPU', name: 'Scheda grafica NVIDIA GeForce 12GB GDDR6' })).toEqual({});
    expect(deriveAttributes({ type: 'PSU', name: 'Alimentatore 80 PLUS Gold, ventola da 120 mm, 12V-2x6' })).toEqual({});
  });

  it('leaves laptop chips without a socket', () => {
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 7 7840HS' }).socket).toBeUndefined();
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core i7-12700H' }).socket).toBeUndefined();
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core Ultra 7 155H' }).socket).toBeUndefined();
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core i9-9900K' })).toEqual({});
  });

  it('reads name, brand, model and specs together; specs may be null', () => {
    const specs = '8 core, 16 thread, TDP 65W, socket AM5';
    expect(deriveAttributes({ type: 'CPU', name: 'Processore desktop', brand: 'AMD', model: 'Ryzen 7 7700', specs })).toEqual({
      socket: 'AM5',
      watts: 88,
    });
    expect(deriveAttributes({ type: 'RAM', name: 'Kit memoria 32 GB', brand: null, model: null, specs: 'DDR5-6000 CL30' })).toEqual({
      memory_type: 'DDR5',
    });
    expect(deriveAttributes({ type: 'GPU', name: 'Scheda grafica', model: 'RTX 4070', specs: null })).toEqual({ watts: 200 });
  });

  it('takes the maker-stated sustained power first, then the table, then an AMD TDP through its PPT rule', () => {
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core i5-13400F', specs: 'Maximum Turbo Power 154 W' }).watts).toBe(154);
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 7 7700', specs: 'PPT 90 W' }).watts).toBe(90);
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 9 9900X', specs: 'TDP 120W' }).watts).toBe(162);
    // Not in the table: AMD's 1.35 x TDP rule; Intel's TDP tells nothing of its turbo power.
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 5 4600G', specs: 'TDP 65 W' })).toEqual({ socket: 'AM4', watts: 88 });
    expect(deriveAttributes({ type: 'CPU', name: 'Intel Core i5-11400F, 65 W' })).toEqual({ socket: 'LGA1200' });
  });

  it('never reads GDDR as system memory', () => {
    expect(deriveAttributes({ type: 'RAM', name: 'Modulo GDDR6 16GB' })).toEqual({});
    expect(deriveAttributes({ type: 'Motherboard', name: 'Scheda madre B650 per GPU GDDR7' })).toEqual({
      socket: 'AM5',
      memory_type: 'DDR5',
    });
    expect(deriveAttributes({ type: 'RAM', name: 'Kit misto DDR4 e DDR5' })).toEqual({});
  });

  it('leaves the memory of an LGA1700 board unknown unless written', () => {
    expect(deriveAttributes({ type: 'Motherboard', name: 'MSI PRO B760M-A WIFI' })).toEqual({
      socket: 'LGA1700',
      form_factor: 'Micro-ATX',
    });
    expect(deriveAttributes({ type: 'Motherboard', name: 'MSI PRO B760M-A DDR4 WIFI' }).memory_type).toBe('DDR4');
  });

  it('lets an explicit size win over the chipset letter, and gives up when the text contradicts itself', () => {
    expect(deriveAttributes({ type: 'Motherboard', name: 'ASRock B550M-ITX/ac Scheda madre AM4' }).form_factor).toBe('Mini-ITX');
    expect(deriveAttributes({ type: 'Motherboard', name: 'Scheda madre B650, socket AM5, ATX' }).socket).toBe('AM5');
    expect(deriveAttributes({ type: 'Motherboard', name: 'Scheda madre con chipset B650 o B550' }).socket).toBeUndefined();
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 7 5800X3D e Ryzen 7 7800X3D' })).toEqual({});
  });

  it('leaves the socket unknown when the written one contradicts the chipset or the CPU model', () => {
    const board = (name: string) => deriveAttributes({ type: 'Motherboard', name });
    // A B860 board is LGA1851: a written LGA1700 does not beat it, nor is it beaten; the socket stays unknown.
    expect(board('Scheda madre B860M, socket LGA1700').socket).toBeUndefined();
    expect(board('Scheda madre B860M, socket LGA1700')).toEqual({ form_factor: 'Micro-ATX' });
    expect(board('MSI PRO B650-S WIFI ATX, AM4')).toEqual({ form_factor: 'ATX' });
    expect(deriveAttributes({ type: 'CPU', name: 'AMD Ryzen 5 7600X, Socket AM4' })).toEqual({ watts: 142 });
    // Written socket and chipset in agreement, or alone, still decide.
    expect(board('Scheda madre B650 AM5').socket).toBe('AM5');
    expect(board('Scheda madre gaming socket AM4').socket).toBe('AM4');
    expect(deriveAttributes({ type: 'CPU', name: 'Processore desktop, Socket AM5' }).socket).toBe('AM5');
    // Several written sockets: the chipset settles it when it is one of them.
    expect(board('Scheda madre B650, AM5 (aggiornabile da AM4)').socket).toBe('AM5');
  });

  it('does not read the sockets named for coolers and their mounts as the part\'s own', () => {
    const socket = (name: string, type = 'Motherboard') => deriveAttributes({ type, name }).socket;
    expect(socket('ASUS PRIME B860M-A WIFI mATX, DDR5, supporto dissipatori LGA1700')).toBe('LGA1851');
    expect(socket('MSI PRO B650-S WIFI ATX, DDR5, fori per dissipatori AM4')).toBe('AM5');
    expect(socket('Scheda madre Z790 ATX, compatibile con dissipatori LGA1200/LGA1700')).toBe('LGA1700');
    expect(socket('Scheda madre B650, staffa di montaggio AM4 inclusa')).toBe('AM5');
    expect(socket('Scheda madre X870E, AM4 mounting holes')).toBe('AM5');
    // Without a chipset, a cooler's socket gives nothing rather than a false one.
    expect(socket('Scheda madre gaming ATX, supporto dissipatori LGA1700')).toBeUndefined();
    // Its own socket, in its own clause, still counts; a boxed cooler after a comma changes nothing.
    expect(socket('Scheda madre B650, Socket AM5, compatibile con dissipatori AM4')).toBe('AM5');
    expect(socket('AMD Ryzen 5 5600, Socket AM4, Dissipatore Wraith Stealth', 'CPU')).toBe('AM4');
    expect(socket('Processore desktop, Socket AM4 Dissipatore Wraith Stealth incluso', 'CPU')).toBe('AM4');
    // A cooler names sockets and carries no attribute (no check reads a cooler's socket).
    expect(deriveAttributes({ type: 'Cooler', name: 'Dissipatore a torre compatibile AM4/AM5/LGA1700' })).toEqual({});
  });

  it('tells the sizes inside one another apart', () => {
    const board = (name: string) => deriveAttributes({ type: 'Motherboard', name: `X670E ${name}` }).form_factor;
    expect(board('Micro-ATX')).toBe('Micro-ATX');
    expect(board('mATX')).toBe('Micro-ATX');
    expect(board('M-ATX')).toBe('Micro-ATX');
    expect(board('Micro ATX')).toBe('Micro-ATX');
    expect(board('E-ATX')).toBe('E-ATX');
    expect(board('EATX')).toBe('E-ATX');
    expect(board('Mini-ITX')).toBe('Mini-ITX');
    expect(board('ITX')).toBe('Mini-ITX');
    expect(board('ATX')).toBe('ATX');
    const caseOf = (name: string) => deriveAttributes({ type: 'Case', name }).form_factor;
    expect(caseOf('Case Mini-ITX e ATX')).toBe('ATX');
    expect(caseOf('Case Mini Tower')).toBeUndefined();
    expect(caseOf('Case Full Tower')).toBe('E-ATX');
    expect(caseOf('Case Micro-ATX, alimentatore ATX 3.1, 3 ventole')).toBe('Micro-ATX');
    expect(caseOf('Case ATX 3 ventole')).toBe('ATX');
    // The size of the power supply a case takes is not the case's.
    expect(caseOf('Cooler Master NR200P Case Mini-ITX, supporta PSU standard ATX, vetro temperato')).toBe('Mini-ITX');
    expect(caseOf('Case Micro ATX con alimentatore incluso 500W ATX')).toBe('Micro-ATX');
    expect(caseOf('Case Mini-ITX, PSU ATX o SFX')).toBe('Mini-ITX');
    expect(caseOf('Case Mini-ITX per alimentatori ATX 3.0/3.1')).toBe('Mini-ITX');
    expect(caseOf('Case Micro-ATX, ATX PSU fino a 160 mm')).toBe('Micro-ATX');
    // ...but a board named after a supply is still a board.
    expect(caseOf('Case Mid-Tower, supporta alimentatore e scheda madre ATX')).toBe('ATX');
    expect(caseOf('Case con alimentatore e scheda madre Micro-ATX')).toBe('Micro-ATX');
    expect(deriveAttributes({ type: 'Motherboard', name: 'GIGABYTE B650M GAMING X AX, connettore ATX 12V 8 pin' }).form_factor).toBe(
      'Micro-ATX',
    );
  });

  it('tells graphics chips apart by their suffixes', () => {
    const watts = (name: string) => deriveAttributes({ type: 'GPU', name }).watts;
    expect(watts('RTX 4070')).toBe(200);
    expect(watts('RTX 4070 SUPER')).toBe(220);
    expect(watts('RTX 4070Ti')).toBe(285);
    expect(watts('RTX 4070 Ti SUPER')).toBe(285);
    expect(watts('RX 7900 XT')).toBe(315);
    expect(watts('RX 7900 XTX')).toBe(355);
    expect(watts('RX 7900 GRE')).toBe(260);
    expect(watts('RTX 3050 8GB GDDR6')).toBe(130);
    expect(watts('RTX 3050 6GB GDDR6')).toBe(70);
    expect(watts('RTX 3050')).toBe(130);
    // The memory written with its type is the card's; several untyped sizes leave it, and the power, unknown.
    expect(watts('RTX 3050 8G OC, 8GB GDDR6, più veloce della versione da 6 GB')).toBe(130);
    expect(watts('RTX 3050 6G, 6 GB GDDR6, 8 GB/s')).toBe(70);
    expect(watts('RTX 3050 VENTUS 2X 8G OC, 6 GB')).toBeUndefined();
    expect(watts('RTX 3050 8 GB o 6 GB')).toBeUndefined();
    // A chip with one row does not care how many sizes are written.
    expect(watts('RTX 4060 Ti 8GB, fino a 16 GB di VRAM nella versione maggiore')).toBe(165);
    expect(watts('RTX 4070 12GB, TBP: 215 W')).toBe(215);
    expect(watts('RX 9070 XT, alimentatore consigliato 750W')).toBe(304);
  });

  it('reads a power supply rating, not its connectors, peaks or fans', () => {
    const watts = (name: string) => deriveAttributes({ type: 'PSU', name }).watts;
    expect(watts('Alimentatore 750 W, 80 PLUS Gold, ventola 120 mm, 12V-2x6')).toBe(750);
    expect(watts('Alimentatore 1000 Watt, connettore 12V-2x6 da 600W')).toBe(1000);
    expect(watts('Alimentatore 850W, 1000W di picco')).toBe(850);
    expect(watts('Alimentatore 650W o 750W')).toBeUndefined();
    expect(watts('Corsair RM850e, 750W')).toBeUndefined();
    expect(watts('RM850e senza marca')).toBeUndefined();
  });
});

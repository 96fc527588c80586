/**
 * The demo builds carry every compatibility attribute their parts can have, so a fresh site shows the
 * compatibility checks working; and the attribute reader gets the values a reader of the builds knows.
 */
import { describe, expect, it } from 'vitest';
import { ATTRIBUTES_OF, partKindOf } from '../compatibility/attributes';
import { deriveAttributes } from '../compatibility/extract';
import { demoAlternativeCategories, demoBuilds } from './seed-data';

describe('deriveAttributes on the demo content', () => {
  const components = demoBuilds.flatMap((build) => build.components.map((component) => ({ build: build.title, component })));

  it('gives every CPU, motherboard, RAM, GPU, PSU and case of every demo build every attribute of its kind', () => {
    const checked = components.flatMap(({ build, component }) => {
      const kind = partKindOf(component.type);
      return kind ? [{ build, component, kind }] : [];
    });
    expect(new Set(checked.map(({ kind }) => kind))).toEqual(new Set(Object.keys(ATTRIBUTES_OF)));
    for (const { build, component, kind } of checked) {
      const attributes = deriveAttributes(component);
      expect(Object.keys(attributes).sort(), `${build}: ${component.name}`).toEqual([...ATTRIBUTES_OF[kind]].sort());
    }
  });

  it('gives storage and coolers nothing, even when they name sockets', () => {
    const others = components.filter(({ component }) => component.type === 'Storage' || component.type === 'Cooler');
    expect(others.length).toBeGreaterThan(0);
    for (const { component } of others) expect(deriveAttributes(component), component.name).toEqual({});
  });

  it('reads the values a reader of the demo builds knows', () => {
    const byModel = (model: string) => {
      const found = components.find(({ component }) => component.model === model);
      if (!found) throw new Error(`componente dimostrativo mancante: ${model}`);
      return deriveAttributes(found.component);
    };
    expect(byModel('Ryzen 5 9600X')).toEqual({ socket: 'AM5', watts: 88 });
    expect(byModel('Core Ultra 9 285K')).toEqual({ socket: 'LGA1851', watts: 250 });
    expect(byModel('Ryzen 5 5600')).toEqual({ socket: 'AM4', watts: 88 });
    expect(byModel('B650 Eagle AX')).toEqual({ socket: 'AM5', memory_type: 'DDR5', form_factor: 'ATX' });
    expect(byModel('B550M-HDV')).toEqual({ socket: 'AM4', memory_type: 'DDR4', form_factor: 'Micro-ATX' });
    expect(byModel('ROG Strix B650E-I Gaming WiFi')).toEqual({ socket: 'AM5', memory_type: 'DDR5', form_factor: 'Mini-ITX' });
    expect(byModel('FURY Beast DDR4-3200 CL16 16 GB')).toEqual({ memory_type: 'DDR4' });
    expect(byModel('Dual GeForce RTX 5060 Ti 16 GB OC')).toEqual({ watts: 180 });
    expect(byModel('RM750e')).toEqual({ watts: 750 });
    expect(byModel('MAG A550BN')).toEqual({ watts: 550 });
    expect(byModel('Torrent Black TG')).toEqual({ form_factor: 'E-ATX' });
    expect(byModel('Terra Jade')).toEqual({ form_factor: 'Mini-ITX' });
  });

  it('gives every graphics card of the alternative categories its power', () => {
    for (const category of demoAlternativeCategories.filter((c) => c.component_type === 'GPU')) {
      for (const alternative of category.alternatives) {
        expect(deriveAttributes({ type: 'GPU', name: alternative.name }).watts, alternative.name).toBeGreaterThan(0);
      }
    }
  });
});

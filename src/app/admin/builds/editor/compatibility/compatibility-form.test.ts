import { describe, expect, it } from 'vitest';
import { emptyComponent, toBuildInput, validateBuildForm, emptyBuildForm, formValues } from '../form/build-form';
import { compatibilityOfForm, derivedOfForm, overridesOfForm } from './compatibility-form';

describe('the editor form and the compatibility checks', () => {
  it('reads only the overrides a save would accept; a watt count still being typed counts as none', () => {
    expect(overridesOfForm({ socket: 'AM5', memory_type: '', form_factor: 'ATX', watts: '' })).toEqual({ socket: 'AM5', form_factor: 'ATX' });
    expect(overridesOfForm({ socket: 'AM9', memory_type: 'DDR3', form_factor: '', watts: '12.5' })).toEqual({});
    expect(overridesOfForm({ socket: '', memory_type: '', form_factor: '', watts: '230' })).toEqual({ watts: 230 });
  });

  it('sends the overrides with every component, null for "Automatico"', () => {
    const form = { ...emptyBuildForm(), title: 'Build', components: [emptyComponent({ type: 'CPU', name: 'Processore', socket: 'AM4', watts: '88' })] };
    expect(toBuildInput(formValues(form)).components[0]!.attribute_overrides).toEqual({ socket: 'AM4', memory_type: null, form_factor: null, watts: 88 });
  });

  it("shows the server's message for a bad watt count next to the watts input", () => {
    const form = { ...emptyBuildForm(), title: 'Build', components: [emptyComponent({ type: 'PSU', name: 'Alimentatore', watts: '0' })] };
    expect(validateBuildForm(formValues(form))).toEqual({ 'components.0.watts': 'La potenza deve essere un numero intero di watt tra 1 e 3000' });
  });

  it('lets an override win over what the name says, and "Automatico" show what was derived', () => {
    const cpu = emptyComponent({ type: 'CPU', name: 'AMD Ryzen 5 7600 Processore, socket AM5' });
    const board = emptyComponent({ type: 'Motherboard', name: 'ASRock B650M Pro RS Scheda madre Micro-ATX, AM5, DDR5' });
    expect(derivedOfForm(cpu).socket).toBe('AM5');
    expect(compatibilityOfForm([cpu, board]).checks.find((check) => check.rule === 'cpu_socket')!.status).toBe('ok');
    const overridden = { ...cpu, socket: 'LGA1700' };
    expect(compatibilityOfForm([overridden, board]).checks.find((check) => check.rule === 'cpu_socket')!.status).toBe('error');
    expect(derivedOfForm(overridden).socket).toBe('AM5');
  });
});

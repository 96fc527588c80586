/**
 * 'Attributi per la compatibilità' in an open component card (decision 023): what the checks read from this
 * component (socket, memory, size, power), each input defaulting to "Automatico" with the derived
 * value shown, so the author corrects only what the extraction got wrong or could not find.
 */
import { ATTRIBUTES_OF, type AttributeKey, CPU_SOCKETS, FORM_FACTORS, MEMORY_TYPES, type PartKind, partKindOf } from '../../../../../compatibility/attributes';
import type { ComponentForm, OverrideField } from '../form/build-form';
import { derivedOfForm } from './compatibility-form';
import { SelectField, TextField } from '../form/form-fields';

interface FieldBinding {
  path: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

const CHOICES: Record<Exclude<AttributeKey, 'watts'>, readonly string[]> = {
  socket: CPU_SOCKETS,
  memory_type: MEMORY_TYPES,
  form_factor: FORM_FACTORS,
};

function labelOf(key: AttributeKey, kind: PartKind): string {
  if (key === 'socket') return 'Socket';
  if (key === 'memory_type') return 'Tipo di memoria';
  if (key === 'form_factor') return kind === 'Case' ? 'Scheda madre più grande supportata' : 'Formato';
  return kind === 'PSU' ? "Potenza dell'alimentatore (W)" : 'Consumo sotto carico (W)';
}

export function CompatibilityAttributes({ component, field }: { component: ComponentForm; field: (name: OverrideField) => FieldBinding }) {
  const kind = partKindOf(component.type);
  if (!kind) return null;
  const derived = derivedOfForm(component);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2 dark:border-slate-700" data-testid="compatibility-attributes">
      <legend className="px-1 text-sm font-semibold">Attributi per la compatibilità</legend>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">Ricavati dal nome e dalle specifiche: scegli un valore solo per correggerli.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {ATTRIBUTES_OF[kind].map((key) => {
          const automatic = derived[key] === undefined ? 'non riconosciuto' : String(derived[key]);
          if (key === 'watts') {
            return (
              <TextField key={key} {...field(key)} label={labelOf(key, kind)} type="number" inputMode="numeric" min={1} step={1} placeholder={`Automatico: ${automatic}`} />
            );
          }
          const options = [{ value: '', label: `Automatico (${automatic})` }, ...CHOICES[key].map((value) => ({ value, label: value }))];
          return <SelectField key={key} {...field(key)} label={labelOf(key, kind)} options={options} />;
        })}
      </div>
    </fieldset>
  );
}

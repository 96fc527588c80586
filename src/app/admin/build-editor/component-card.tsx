/**
 * One component of the build ('Componente N'): its fields, the ASIN taken from the link as it is typed,
 * the marks left by the retailer actions and, once it has a link, the alternatives panel.
 */
import { EDITOR_COMPONENT_TYPES } from '../../../common/catalog';
import { type ComponentField, type ComponentForm, componentPath, type FieldErrors } from './build-form';
import { ComponentAlternativesPanel } from './component-alternatives-panel';
import { SelectField, TextAreaField, TextField } from './form-fields';

const TYPE_OPTIONS = EDITOR_COMPONENT_TYPES.map((type) => ({ value: type, label: type }));

interface ComponentCardProps {
  index: number;
  component: ComponentForm;
  errors: FieldErrors;
  /** The last smart replacement swapped this component. */
  replaced: boolean;
  /** The last price update succeeded for this component's ASIN. */
  priceUpdated: boolean;
  /** Focus the first field on mount (a card just added with 'Aggiungi Componente'). */
  autoFocus: boolean;
  onChange(field: ComponentField, value: string): void;
  onRemove(): void;
}

function PriceUpdatedMark() {
  return (
    <span className="inline-flex items-center text-green-800 dark:text-green-300" data-testid="price-updated">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label="Prezzo aggiornato">
        <path d="M5 13l4 4L19 7" />
      </svg>
    </span>
  );
}

export function ComponentCard({ index, component, errors, replaced, priceUpdated, autoFocus, onChange, onRemove }: ComponentCardProps) {
  const title = `Componente ${index + 1}`;
  const headingId = `component-${component.key}-title`;
  const path = (field: ComponentField) => componentPath(index, field);
  const field = (name: ComponentField) => ({ path: path(name), value: component[name], error: errors[path(name)], onValueChange: (value: string) => onChange(name, value) });
  const cardError = errors[componentPath(index, 'id')];

  return (
    <li>
      <section aria-labelledby={headingId} className="rounded-lg border border-slate-300 p-4 dark:border-slate-700" data-testid="component-card">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold">
              {title}
            </h3>
            {replaced && (
              <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100" data-testid="replaced-badge">
                Sostituito intelligentemente
              </span>
            )}
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Rimuovi ${title}`}
            className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold text-red-800 hover:border-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-600 dark:text-red-300"
          >
            Rimuovi
          </button>
        </div>
        {cardError && (
          <p className="mb-3 text-sm font-medium text-red-800 dark:text-red-300" tabIndex={-1} data-focus-error data-testid={`error-${componentPath(index, 'id')}`}>
            {cardError}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field('type')} label="Tipo" options={TYPE_OPTIONS} required autoFocus={autoFocus} />
          <TextField {...field('name')} label="Nome" required />
          <TextField {...field('brand')} label="Marca" />
          <TextField {...field('model')} label="Modello" />
          <TextField {...field('price')} label="Prezzo (€)" type="number" inputMode="decimal" min={0} step={0.01} aside={priceUpdated ? <PriceUpdatedMark /> : undefined} />
          <TextField {...field('asin')} label="ASIN" maxLength={10} spellCheck={false} autoComplete="off" hint="Compilato dal link Amazon; modificabile." />
          <div className="sm:col-span-2">
            <TextField {...field('amazon_link')} label="Link Amazon" type="url" inputMode="url" spellCheck={false} placeholder="https://www.amazon.it/dp/..." />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField {...field('specs')} label="Specifiche" rows={3} />
          </div>
        </div>
      </section>
      {component.amazon_link.trim() !== '' && (
        <div className="mt-2">
          <ComponentAlternativesPanel amazonLink={component.amazon_link} componentType={component.type} />
        </div>
      )}
    </li>
  );
}

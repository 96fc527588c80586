/**
 * One component opened in full ('Componente N'), in place of its table row: every field, the ASIN taken
 * from the link as it is typed, the marks left by the retailer actions and, once it has a link, the
 * alternatives panel. One card is open at a time (component-table.tsx).
 */
import { EDITOR_COMPONENT_TYPES } from '../../../../common/catalog';
import { ComponentAlternativesPanel } from '../../alternatives/panel/component-alternatives-panel';
import { type ComponentField, componentPath } from './build-form';
import { MoveButtons, type RowProps, componentTitle, iconButton, retailerFacts } from './component-row';
import { ChevronIcon, PriceUpdatedMark, ReplacedBadge } from './editor-icons';
import { SelectField, TextAreaField, TextField } from './form-fields';

const TYPE_OPTIONS = EDITOR_COMPONENT_TYPES.map((type) => ({ value: type, label: type }));

interface ComponentCardProps extends RowProps {
  /** Focus the first field on mount (a card just added with 'Aggiungi Componente'). */
  autoFocus: boolean;
}

export function ComponentCard(props: ComponentCardProps) {
  const { index, component, errors, replaced, priceUpdated, autoFocus, onChange, onRemove, onToggle } = props;
  const title = componentTitle(index);
  const headingId = `component-${component.key}-title`;
  const path = (field: ComponentField) => componentPath(index, field);
  const field = (name: ComponentField) => ({ path: path(name), value: component[name], error: errors[path(name)], onValueChange: (value: string) => onChange(name, value) });
  const cardError = errors[componentPath(index, 'id')];
  const { availability, freshness } = retailerFacts(props);

  return (
    <div className="space-y-2 py-2">
      <section aria-labelledby={headingId} className="rounded-lg border-2 border-violet-300 p-4 dark:border-violet-800" data-testid="component-card">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold">
              {title}
            </h3>
            {replaced && <ReplacedBadge />}
          </div>
          <div className="flex flex-wrap items-center gap-1">
            <MoveButtons {...props} />
            <button type="button" className={`${iconButton} h-8 w-8`} aria-expanded={true} aria-controls={`component-${component.key}-details`} aria-label={`Chiudi i dettagli di ${title}`} data-control="toggle" onClick={onToggle}>
              <ChevronIcon open />
            </button>
            <button
              type="button"
              onClick={onRemove}
              aria-label={`Rimuovi ${title}`}
              data-control="remove"
              className="ml-2 rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold text-red-800 hover:border-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-600 dark:text-red-300"
            >
              Rimuovi
            </button>
          </div>
        </div>
        <p className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span>Disponibilità: {availability}</span>
          <span>Prezzo: {freshness}</span>
        </p>
        {cardError && (
          <p className="mb-3 text-sm font-medium text-red-800 dark:text-red-300" tabIndex={-1} data-focus-error data-testid={`error-${componentPath(index, 'id')}`}>
            {cardError}
          </p>
        )}
        <div id={`component-${component.key}-details`} className="grid gap-4 sm:grid-cols-2">
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
      {component.amazon_link.trim() !== '' && <ComponentAlternativesPanel amazonLink={component.amazon_link} componentType={component.type} />}
    </div>
  );
}

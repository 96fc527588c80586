/**
 * One component opened in full ('Componente N'), in place of its table row: every field, the ASIN taken
 * from the link as it is typed, the product's image and price history, the marks left by the retailer
 * actions and, once it has a link, the alternatives panel. One card is open at a time (component-table.tsx).
 *
 * A link or ASIN pasted in 'Link Amazon' (or typed there, once the field is left) is looked up on the
 * retailer and fills the fields left empty (use-component-lookup.ts); 'Sostituisci con un prodotto
 * Amazon' opens the search to give the component another product.
 */
import { useRef } from 'react';
import { isExternalWebLink } from '../../../../../common/amazon-hosts';
import { EDITOR_COMPONENT_TYPES } from '../../../../../common/catalog';
import { ComponentAlternativesPanel } from '../../../alternatives/panel/component-alternatives-panel';
import { secondaryButtonClass } from '../../../ui';
import { type ComponentField, componentPath, fieldId } from '../form/build-form';
import { MoveButtons, type RowProps, componentTitle, iconButton, retailerFacts } from './component-row';
import { CompatibilityAttributes } from '../compatibility/compatibility-attributes';
import { ComponentThumbnail } from './component-thumbnail';
import { ChevronIcon, PriceUpdatedMark, ReplacedBadge } from './editor-icons';
import { SelectField, TextAreaField, TextField } from '../form/form-fields';
import { SEARCH_MESSAGES } from '../editor-messages';
import { SPARKLINE_SIZE } from '../price-history/price-chart';
import { PriceSparkline } from '../price-history/price-sparkline';
import type { ComponentLookup } from '../retailer/use-component-lookup';

const TYPE_OPTIONS = EDITOR_COMPONENT_TYPES.map((type) => ({ value: type, label: type }));
/** The link fields: a URL keyboard on phones and no spell check. */
const URL_INPUT = { type: 'url', inputMode: 'url', spellCheck: false } as const;
/** The card has room for a wider sparkline than the table's price cell. */
const CARD_SPARKLINE = { width: SPARKLINE_SIZE.width * 2, height: SPARKLINE_SIZE.height + 8 };

interface ComponentCardProps extends RowProps {
  /** Focus the first field on mount (a card just added with 'Aggiungi Componente'). */
  autoFocus: boolean;
  lookup: ComponentLookup;
  /** Opens 'Cerca su Amazon' to replace this component's product; null when the retailer is not configured. */
  onSearchReplacement: (() => void) | null;
}

function LookupStatus({ path, lookup }: { path: string; lookup: ComponentLookup }) {
  const { pending, outcome } = lookup;
  const tone = !pending && outcome?.tone === 'error' ? 'font-medium text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300';
  // Always in the page, so that screen readers announce what a lookup says when it says it.
  return (
    <p id={`${fieldId(path)}-lookup`} role="status" className={`mt-1 min-h-5 text-sm ${tone}`} data-testid="lookup-status">
      {pending ? SEARCH_MESSAGES.lookingUp : (outcome?.text ?? '')}
    </p>
  );
}

export function ComponentCard(props: ComponentCardProps) {
  const { index, component, errors, replaced, priceUpdated, autoFocus, lookup, onSearchReplacement, onChange, onRemove, onToggle } = props;
  // The link as it was when the field took the focus: leaving it changed looks the new one up.
  const linkOnFocus = useRef(component.amazon_link);
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
        <div className="mb-3 flex flex-wrap items-center gap-4">
          <ComponentThumbnail url={component.image_url} size="lg" />
          <div className="space-y-2">
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <span>Disponibilità: {availability}</span>
              <span>Prezzo: {freshness}</span>
            </p>
            <PriceSparkline points={props.history} size={CARD_SPARKLINE} testId="component-card-sparkline" />
          </div>
        </div>
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
            <TextField
              {...field('amazon_link')}
              label="Link Amazon"
              {...URL_INPUT}
              placeholder="https://www.amazon.it/dp/..."
              hint={onSearchReplacement ? 'Incolla il link di un prodotto o un ASIN: i campi vuoti si compilano da Amazon.' : undefined}
              onFocus={(event) => {
                linkOnFocus.current = event.currentTarget.value;
              }}
              onPaste={(event) => {
                const input = event.currentTarget;
                // The pasted text is in the field once the paste has been applied.
                setTimeout(() => lookup.lookUp(input.value), 0);
              }}
              onBlur={(event) => {
                if (event.currentTarget.value !== linkOnFocus.current) lookup.lookUp(event.currentTarget.value);
              }}
            />
            <LookupStatus path={path('amazon_link')} lookup={lookup} />
            {isExternalWebLink(component.amazon_link) && (
              <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="external-link-note">
                {SEARCH_MESSAGES.externalLink}
              </p>
            )}
          </div>
          <div className="sm:col-span-2">
            <TextField
              {...field('image_url')}
              label="Immagine (URL)"
              {...URL_INPUT}
              placeholder="https://m.media-amazon.com/images/I/..."
              hint="Il link all'immagine del prodotto su Amazon: mostrata come miniatura, mai copiata sul sito."
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField {...field('specs')} label="Specifiche" rows={3} />
          </div>
          <CompatibilityAttributes component={component} field={field} />
        </div>
        {onSearchReplacement && (
          <div className="mt-4">
            <button type="button" className={secondaryButtonClass} onClick={onSearchReplacement} data-control="search-replacement">
              Sostituisci con un prodotto Amazon
            </button>
          </div>
        )}
      </section>
      {component.amazon_link.trim() !== '' && <ComponentAlternativesPanel amazonLink={component.amazon_link} componentType={component.type} />}
    </div>
  );
}

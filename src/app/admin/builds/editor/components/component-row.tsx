/**
 * One component as a row of the table: type, name and price edited in place, the product's thumbnail (by
 * the row's number, so the name has its cell's width) and price history (a sparkline under the price),
 * what the retailer last said (availability, and how fresh the price is), and the row's actions: move up
 * and down, open the full card ('Dettagli'), remove. The grip in the first cell drags the row
 * (component-table.tsx handles the drop).
 */
import type { DragEvent } from 'react';
import { EDITOR_COMPONENT_TYPES } from '../../../../../common/catalog';
import { type ComponentField, type ComponentForm, componentPath, type FieldErrors, fieldId } from '../form/build-form';
import { ComponentThumbnail } from './component-thumbnail';
import { ArrowDownIcon, ArrowUpIcon, ChevronIcon, GripIcon, PriceUpdatedMark, ReplacedBadge, TrashIcon } from './editor-icons';
import type { ComponentFacts } from '../editor-reducer';
import { type AvailabilityTone, availabilityOf, priceFreshness } from '../retailer/freshness';
import type { PricePoint } from '../price-history/price-chart';
import { PriceSparkline } from '../price-history/price-sparkline';

/** Fields edited in the row; the others are in the card. */
export const ROW_FIELDS = ['type', 'name', 'price'] as const satisfies readonly ComponentField[];

export const componentTitle = (index: number) => `Componente ${index + 1}`;

const compactInput =
  'block w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus:border-violet-600 focus:outline-2 focus:outline-violet-500 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100';
const invalidInput = 'border-red-600 dark:border-red-400';
export const iconButton =
  'inline-flex items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-violet-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-violet-200';

const toneClass: Record<AvailabilityTone, string> = {
  ok: 'text-green-800 dark:text-green-300',
  warn: 'text-amber-800 dark:text-amber-300',
  bad: 'font-semibold text-red-800 dark:text-red-300',
  unknown: 'text-slate-700 dark:text-slate-300',
};

export interface RowHandlers {
  onChange: (field: ComponentField, value: string) => void;
  onRemove: () => void;
  /** Moves the component by `step` places; `control` names the control to keep the focus on. */
  onMove: (step: -1 | 1, control: string) => void;
  onToggle: () => void;
  /** The grip: drag and drop of the row (component-table.tsx). */
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

export interface RowProps extends RowHandlers {
  index: number;
  count: number;
  component: ComponentForm;
  errors: FieldErrors;
  facts: ComponentFacts | undefined;
  now: number;
  replaced: boolean;
  priceUpdated: boolean;
  /** The product's observed prices (empty without a history: no sparkline). */
  history: readonly PricePoint[];
}

/**
 * Move up / down: kept focusable at the ends (aria-disabled) so the focus stays on the row's control.
 * `stacked`: one above the other, as the table row has the height and not the width for them.
 */
export function MoveButtons({ index, count, onMove, stacked = false }: Pick<RowProps, 'index' | 'count' | 'onMove'> & { stacked?: boolean }) {
  const title = componentTitle(index);
  const first = index === 0;
  const last = index === count - 1;
  const size = stacked ? 'h-6 w-7' : 'h-8 w-8';
  return (
    <span className={stacked ? 'flex flex-col' : 'flex'}>
      <button type="button" className={`${iconButton} ${size}`} aria-label={`Sposta su ${title}`} aria-disabled={first || undefined} data-control="up" onClick={() => !first && onMove(-1, 'up')}>
        <ArrowUpIcon />
      </button>
      <button type="button" className={`${iconButton} ${size}`} aria-label={`Sposta giù ${title}`} aria-disabled={last || undefined} data-control="down" onClick={() => !last && onMove(1, 'down')}>
        <ArrowDownIcon />
      </button>
    </span>
  );
}

/** The retailer's last word on the component: availability, and the age of its price. */
export function retailerFacts({ component, facts, now }: Pick<RowProps, 'component' | 'facts' | 'now'>) {
  const availability = availabilityOf(facts);
  const freshness = priceFreshness(facts, component.price, now);
  return {
    availability: (
      <span className={toneClass[availability.tone]} title={availability.checked ? `Verificata il ${availability.checked}` : undefined} data-testid="component-availability">
        {availability.label}
      </span>
    ),
    freshness: (
      <span
        className={freshness.stale ? 'text-amber-800 dark:text-amber-300' : 'text-slate-700 dark:text-slate-300'}
        title={freshness.date ? `Prezzo aggiornato il ${freshness.date}` : undefined}
        data-testid="component-freshness"
      >
        {freshness.text}
      </span>
    ),
  };
}

function InlineError({ path, errors }: { path: string; errors: FieldErrors }) {
  const message = errors[path];
  if (!message) return null;
  return (
    <p id={`${fieldId(path)}-error`} className="mt-1 text-xs font-medium text-red-800 dark:text-red-300" data-testid={`error-${path}`}>
      {message}
    </p>
  );
}

const cell = 'px-1 py-2 align-top';
/** On phones a row is a wrapping flex line: number, type and actions; the name; price, availability, freshness. */
const phone = {
  number: 'max-sm:order-1 max-sm:w-10',
  type: 'max-sm:order-2 max-sm:flex-1',
  actions: 'max-sm:order-3',
  name: 'max-sm:order-4 max-sm:basis-full',
  price: 'max-sm:order-5 max-sm:w-28',
  availability: 'max-sm:order-6 max-sm:flex-1',
  freshness: 'max-sm:order-7 max-sm:flex-1',
} as const;
/** No spin buttons in the narrow price cell. */
const noSpinner = '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

export function ComponentRow(props: RowProps) {
  const { index, component, errors, replaced, priceUpdated, onChange, onRemove, onToggle } = props;
  const title = componentTitle(index);
  const path = (field: ComponentField) => componentPath(index, field);
  const control = (field: (typeof ROW_FIELDS)[number]) => {
    const error = errors[path(field)];
    return {
      id: fieldId(path(field)),
      value: component[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${fieldId(path(field))}-error` : undefined,
      'data-control': field,
      className: `${compactInput} ${error ? invalidInput : ''}`,
    };
  };
  // Errors of fields only the card shows: the row says where to look.
  const hiddenError = Object.keys(errors).some((key) => key.startsWith(`components.${index}.`) && !ROW_FIELDS.some((field) => key === path(field)));
  const { availability, freshness } = retailerFacts(props);
  const types = EDITOR_COMPONENT_TYPES.some((type) => type === component.type) ? EDITOR_COMPONENT_TYPES : [...EDITOR_COMPONENT_TYPES, component.type];

  return (
    <>
      <th scope="row" className={`${cell} text-left font-semibold tabular-nums ${phone.number}`}>
        <span className="flex items-center gap-1">
          <span
            draggable
            onDragStart={props.onDragStart}
            onDragEnd={props.onDragEnd}
            title="Trascina per spostare"
            aria-hidden="true"
            className="cursor-grab text-slate-500 active:cursor-grabbing dark:text-slate-400"
            data-testid="drag-handle"
          >
            <GripIcon />
          </span>
          <span>
            <span className="sr-only">Componente </span>
            {index + 1}
          </span>
        </span>
        {/* Here rather than by the name, so the name has the cell's whole width. */}
        <span className="mt-1 block">
          <ComponentThumbnail url={component.image_url} size="sm" />
        </span>
      </th>
      <td className={`${cell} ${phone.type}`}>
        <select {...control('type')} aria-label={`Tipo, ${title}`} aria-required="true" onChange={(event) => onChange('type', event.target.value)}>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <InlineError path={path('type')} errors={errors} />
      </td>
      <td className={`${cell} ${phone.name}`}>
        <span className="flex items-center gap-2">
          {/* The title: the whole name on hover, when it is longer than the field. */}
          <input type="text" {...control('name')} title={component.name} aria-label={`Nome, ${title}`} aria-required="true" onChange={(event) => onChange('name', event.target.value)} />
        </span>
        <InlineError path={path('name')} errors={errors} />
        {(replaced || hiddenError) && (
          <div className="mt-1 flex flex-wrap gap-2">
            {replaced && <ReplacedBadge />}
            {hiddenError && <span className="text-xs font-medium text-red-800 dark:text-red-300">Correggi i dettagli del componente</span>}
          </div>
        )}
      </td>
      <td className={`${cell} ${phone.price}`}>
        <span className="flex items-center gap-1">
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...control('price')}
            aria-label={`Prezzo (€), ${title}`}
            className={`${control('price').className} ${noSpinner}`}
            onChange={(event) => onChange('price', event.target.value)}
          />
          {priceUpdated && <PriceUpdatedMark />}
        </span>
        <InlineError path={path('price')} errors={errors} />
        <PriceSparkline points={props.history} className="mt-1" testId="component-sparkline" />
      </td>
      <td className={`${cell} text-xs ${phone.availability}`}>{availability}</td>
      <td className={`${cell} text-xs ${phone.freshness}`}>{freshness}</td>
      <td className={`${cell} ${phone.actions}`}>
        <div className="flex items-center justify-end">
          <MoveButtons {...props} stacked />
          <button type="button" className={`${iconButton} h-8 w-7`} aria-expanded={false} aria-label={`Dettagli di ${title}`} data-control="toggle" onClick={onToggle}>
            <ChevronIcon open={false} />
          </button>
          <button type="button" className={`${iconButton} h-8 w-7 text-red-800 dark:text-red-300`} aria-label={`Rimuovi ${title}`} data-control="remove" onClick={onRemove}>
            <TrashIcon />
          </button>
        </div>
      </td>
    </>
  );
}

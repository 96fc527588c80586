/**
 * The build's components as a compact table: a row per component with type, name and
 * price edited in place, availability and price freshness; one component at a time opens as the full card
 * (component-card.tsx). Rows move with their up/down buttons, with Alt+↑ / Alt+↓ from anywhere in the row
 * or card, and by dragging the grip; the focus stays on the control that moved the row, and a live region
 * says where the component went. On phones each row wraps onto three lines.
 */
import { type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import type { PriceHistory } from '../../../../../modules/pricing/pricing.schema';
import type { RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import type { ComponentField, ComponentForm, FieldErrors } from '../form/build-form';
import { ComponentCard } from './component-card';
import { ComponentRow, componentTitle, type RowProps } from './component-row';
import type { ComponentFacts } from '../editor-reducer';
import { componentHistory } from '../price-history/price-chart';
import { useComponentLookup } from '../retailer/use-component-lookup';

interface ComponentTableProps {
  components: ComponentForm[];
  errors: FieldErrors;
  facts: Record<number, ComponentFacts>;
  now: number;
  replacedIds: ReadonlySet<number>;
  updatedAsins: ReadonlySet<string>;
  /** The build's price history as loaded with the editor; null without one. */
  history: PriceHistory | null;
  /** Whether pasted links are looked up on the retailer (not when it is known to be not configured). */
  lookupEnabled: boolean;
  /** Opens 'Cerca su Amazon' to replace a component's product; null when the retailer is not configured. */
  onSearchReplacement: ((key: string) => void) | null;
  onLookupFound: (key: string, reference: string, item: RetailerItem) => void;
  /** The component whose card is open, if any. */
  openKey: string | null;
  /** A card just added: its first field takes the focus. */
  addedKey: string | null;
  onOpen: (key: string | null) => void;
  onChange: (key: string, field: ComponentField, value: string) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, to: number) => void;
}

/** Where the focus goes after a render: an element that was moved (React moves the node, which blurs it), or a control of a row. */
type FocusTarget = { element: HTMLElement } | { key: string; control: string };

interface Drag {
  key: string;
  /** The row under the pointer and which half of it: the component lands before or after that row. */
  over: { key: string; before: boolean } | null;
}

const headClass = 'px-1 pb-2 text-left text-xs font-semibold text-slate-700 dark:text-slate-300';

export function ComponentTable(props: ComponentTableProps) {
  const { components, errors, facts, now, replacedIds, updatedAsins, history, lookupEnabled, onSearchReplacement, onLookupFound, openKey, addedKey, onOpen, onChange, onRemove, onMove } = props;
  const tableRef = useRef<HTMLTableElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);

  useLayoutEffect(() => {
    if (!focusTarget) return;
    const target =
      'element' in focusTarget
        ? focusTarget.element
        : tableRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(focusTarget.key)}"] [data-control="${focusTarget.control}"]`);
    if (target?.isConnected && document.activeElement !== target) target.focus();
  }, [focusTarget]);

  function move(key: string, to: number, focus: FocusTarget | null) {
    const from = components.findIndex((component) => component.key === key);
    if (from === -1 || to < 0 || to >= components.length || to === from) return;
    onMove(key, to);
    const name = components[from]!.name.trim();
    setAnnouncement(`${name ? `${name} (${componentTitle(from)})` : componentTitle(from)} spostato in posizione ${to + 1} di ${components.length}.`);
    setFocusTarget(focus);
  }

  function toggle(key: string) {
    const opening = openKey !== key;
    onOpen(opening ? key : null);
    setFocusTarget({ key, control: 'toggle' });
  }

  /** Alt+↑ / Alt+↓ anywhere in a row or card, except in a select, where Alt+↓ opens the list. */
  function onRowKeyDown(key: string, index: number, event: KeyboardEvent<HTMLElement>) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || event.target instanceof HTMLSelectElement) return;
    event.preventDefault();
    const target = event.target instanceof HTMLElement ? event.target : null;
    move(key, index + (event.key === 'ArrowUp' ? -1 : 1), target ? { element: target } : null);
  }

  function onDragStart(key: string, event: DragEvent<HTMLElement>) {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only with data set.
    event.dataTransfer.setData('text/plain', key);
    const row = event.currentTarget.closest('tr');
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
    setDrag({ key, over: null });
  }

  function onDragOver(key: string, event: DragEvent<HTMLTableRowElement>) {
    if (!drag) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const before = event.clientY < box.top + box.height / 2;
    if (drag.over?.key !== key || drag.over.before !== before) setDrag({ ...drag, over: { key, before } });
  }

  function onDrop(key: string, event: DragEvent<HTMLTableRowElement>) {
    if (!drag) return;
    event.preventDefault();
    const from = components.findIndex((component) => component.key === drag.key);
    const target = components.findIndex((component) => component.key === key);
    const before = drag.over?.key === key ? drag.over.before : true;
    // The index the dropped row takes once it has left its old place.
    const insertAt = before ? target : target + 1;
    setDrag(null);
    move(drag.key, from < insertAt ? insertAt - 1 : insertAt, null);
  }

  return (
    <>
      <table ref={tableRef} className="w-full border-collapse text-sm sm:table-fixed" data-testid="component-table">
        <caption className="sr-only">Componenti della build: Alt+Freccia su e Alt+Freccia giù spostano il componente della riga.</caption>
        <thead className="border-b border-slate-200 max-sm:sr-only dark:border-slate-700">
          <tr>
            {/* Fixed widths (table-fixed), each what its column needs: the name takes what is left. */}
            <th scope="col" className={`${headClass} w-10`}>
              N.
            </th>
            <th scope="col" className={`${headClass} w-32`}>
              Tipo
            </th>
            <th scope="col" className={headClass}>
              Nome
            </th>
            <th scope="col" className={`${headClass} w-20`}>
              Prezzo (€)
            </th>
            <th scope="col" className={`${headClass} w-20`}>
              Disponibilità
            </th>
            <th scope="col" className={`${headClass} w-20`}>
              Prezzo aggiornato
            </th>
            <th scope="col" className={`${headClass} w-24 text-right`}>
              Azioni
            </th>
          </tr>
        </thead>
        <tbody>
          {components.map((component, index) => {
            const open = component.key === openKey;
            const over = drag?.over?.key === component.key ? drag.over : null;
            const rowProps: RowProps = {
              index,
              count: components.length,
              component,
              errors,
              facts: component.id === undefined ? undefined : facts[component.id],
              now,
              replaced: component.id !== undefined && replacedIds.has(component.id),
              priceUpdated: component.asin !== '' && updatedAsins.has(component.asin.toUpperCase()),
              history: componentHistory(history, component),
              onChange: (field, value) => onChange(component.key, field, value),
              onRemove: () => onRemove(component.key),
              onMove: (step, control) => move(component.key, index + step, { key: component.key, control }),
              onToggle: () => toggle(component.key),
              onDragStart: (event) => onDragStart(component.key, event),
              onDragEnd: () => setDrag(null),
            };
            return (
              <ComponentTableRow
                key={component.key}
                rowProps={rowProps}
                open={open}
                autoFocus={component.key === addedKey}
                dragging={drag?.key === component.key}
                over={over}
                lookupEnabled={lookupEnabled}
                onSearchReplacement={onSearchReplacement && (() => onSearchReplacement(component.key))}
                onLookupFound={(reference, item) => onLookupFound(component.key, reference, item)}
                onKeyDown={(event) => onRowKeyDown(component.key, index, event)}
                onDragOver={(event) => onDragOver(component.key, event)}
                onDrop={(event) => onDrop(component.key, event)}
              />
            );
          })}
        </tbody>
      </table>
      <p role="status" className="sr-only" data-testid="component-move-status">
        {announcement}
      </p>
    </>
  );
}

interface ComponentTableRowProps {
  rowProps: RowProps;
  open: boolean;
  autoFocus: boolean;
  dragging: boolean;
  over: { before: boolean } | null;
  lookupEnabled: boolean;
  onSearchReplacement: (() => void) | null;
  onLookupFound: (reference: string, item: RetailerItem) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
  onDragOver: (event: DragEvent<HTMLTableRowElement>) => void;
  onDrop: (event: DragEvent<HTMLTableRowElement>) => void;
}

/**
 * A component's table row: its compact row or, open, its card. The row holds the component's lookup,
 * which must outlive the card (an answer arriving after the card was closed still fills the fields).
 */
function ComponentTableRow({ rowProps, open, autoFocus, dragging, over, lookupEnabled, onSearchReplacement, onLookupFound, onKeyDown, onDragOver, onDrop }: ComponentTableRowProps) {
  const { component } = rowProps;
  const lookup = useComponentLookup({ component, enabled: lookupEnabled, onFound: onLookupFound });
  return (
    <tr
      data-testid="component-row"
      data-row-key={component.key}
      data-asin={component.asin || undefined}
      data-open={open || undefined}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDrop={onDrop}
      className={`border-b border-slate-200 dark:border-slate-700 max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:py-1 ${dragging ? 'opacity-50' : ''} ${
        over ? (over.before ? 'shadow-[inset_0_3px_0_0_var(--color-violet-600)]' : 'shadow-[inset_0_-3px_0_0_var(--color-violet-600)]') : ''
      }`}
    >
      {open ? (
        <td colSpan={7} className="max-sm:w-full">
          <ComponentCard {...rowProps} autoFocus={autoFocus} lookup={lookup} onSearchReplacement={onSearchReplacement} />
        </td>
      ) : (
        <ComponentRow {...rowProps} />
      )}
    </tr>
  );
}

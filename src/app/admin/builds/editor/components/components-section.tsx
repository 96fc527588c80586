/**
 * 'Componenti' (product spec, "Screens and routes"): the retailer actions ('Sostituzione Intelligente', 'Aggiorna
 * Prezzi', 'Importa da Amazon', 'Cerca su Amazon') with their results, 'Aggiungi Componente', the total with its
 * history, the component table and the live compatibility checks.
 *
 * Without the retailer configured 'Cerca su Amazon' is not offered: a hint says why, and pasted links are
 * not looked up (decision 019).
 */
import { useId, useState } from 'react';
import { parseEuro } from '../../../../../common/euro-amount';
import { formatPrice } from '../../../../../common/format';
import type { PriceHistory } from '../../../../../modules/pricing/pricing.schema';
import type { RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import { buttonClass, Notice, secondaryButtonClass, TitledCard } from '../../../ui';
import type { ComponentField, ComponentForm, FieldErrors } from '../form/build-form';
import { ButtonSpinner } from '../button-spinner';
import { CompatibilityPanel } from '../compatibility/compatibility-panel';
import { ComponentTable } from './component-table';
import { componentTitle } from './component-row';
import type { ComponentFacts } from '../editor-reducer';
import { ImportDialog } from './import-dialog';
import { RETAILER_MESSAGES, SEARCH_MESSAGES } from '../editor-messages';
import { TOTAL_CHART_SIZE, totalHistory } from '../price-history/price-chart';
import { PriceSparkline } from '../price-history/price-sparkline';
import type { RetailerStatus } from '../retailer/retailer-data';
import { RetailerSearchDialog, type SearchTarget } from '../retailer/retailer-search-dialog';
import type { RetailerActions } from '../retailer/use-retailer-actions';

interface ComponentsSectionProps {
  components: ComponentForm[];
  errors: FieldErrors;
  facts: Record<number, ComponentFacts>;
  now: number;
  retailer: RetailerActions;
  /** Whether the retailer is configured, as the editor's loader read it. */
  retailerStatus: RetailerStatus;
  /** The build's price history as loaded with the editor; null without one. */
  history: PriceHistory | null;
  /** The build is being saved: the actions wait, so the server never sees both at once. */
  saving: boolean;
  openKey: string | null;
  onOpen: (key: string | null) => void;
  /** Adds an empty component and opens it; returns its key (its first field gets the focus). */
  onAdd: () => string;
  onRemove: (key: string) => void;
  onChange: (key: string, field: ComponentField, value: string) => void;
  onMove: (key: string, to: number) => void;
  /** A search result chosen: a new component with its fields, at the end of the list. */
  onAddFromRetailer: (item: RetailerItem) => void;
  onReplaceFromRetailer: (key: string, item: RetailerItem) => void;
  onLookupFound: (key: string, reference: string, item: RetailerItem) => void;
}

interface ActionButtonProps {
  busy: boolean;
  busyLabel: string;
  label: string;
  disabled: boolean;
  /** The id of the text saying why the button is disabled. */
  describedBy?: string;
  onClick: () => void;
}

function ActionButton({ busy, busyLabel, label, disabled, describedBy, onClick }: ActionButtonProps) {
  return (
    <button type="button" className={secondaryButtonClass} disabled={disabled} aria-busy={busy} aria-describedby={describedBy} onClick={onClick}>
      {busy && <ButtonSpinner />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** Sum of the prices typed; components without a price count 0 (product spec, "Business constants and limits"). */
function totalOf(components: ComponentForm[]): number {
  return components.reduce((sum, component) => {
    const price = parseEuro(component.price);
    return price === null ? sum : sum + price;
  }, 0);
}

function RetailerHint({ status }: { status: Extract<RetailerStatus, { status: 'not-configured' }> }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200" data-testid="retailer-search-hint">
      <p className="font-semibold">{SEARCH_MESSAGES.notConfigured}</p>
      {status.missing && <p className="mt-1">{status.missing}</p>}
    </div>
  );
}

export function ComponentsSection(props: ComponentsSectionProps) {
  const { components, errors, facts, now, retailer, retailerStatus, history, saving, openKey, onOpen, onAdd, onRemove, onChange, onMove } = props;
  // The price actions need the retailer: without it they are disabled, with the missing settings said.
  const retailerBlock = retailerStatus.status === 'not-configured' ? (retailerStatus.missing ?? RETAILER_MESSAGES.retailerMissing) : null;
  const blockId = useId();
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const [search, setSearch] = useState<SearchTarget | null>(null);
  const { running } = retailer;
  const busy = running !== null || saving;
  // Unknown (the statistics could not be read): offered, and the search says for itself what is wrong.
  const searchable = retailerStatus.status !== 'not-configured';

  function chosen(item: RetailerItem) {
    if (!search) return;
    if (search.mode === 'replace') {
      props.onReplaceFromRetailer(search.key, item);
      retailer.showNotice({ tone: 'success', title: SEARCH_MESSAGES.replaced(search.title, item.title) });
    } else {
      props.onAddFromRetailer(item);
      retailer.showNotice({ tone: 'success', title: SEARCH_MESSAGES.added(item.title, item.type) });
    }
    setSearch(null);
  }

  return (
    <TitledCard
      title="Componenti"
      className="space-y-4"
      headerClassName="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      testId="components-section"
      aside={
        <div className="flex items-center gap-3">
          <PriceSparkline points={totalHistory(history)} size={TOTAL_CHART_SIZE} subject="Totale della build" testId="total-history" />
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="components-total">
            Totale: <strong>{formatPrice(totalOf(components))}</strong>
          </p>
        </div>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {/* Without the retailer both would only answer 503: disabled, with the reason below (the import still works). */}
        <ActionButton
          label="Sostituzione Intelligente"
          busyLabel="Sostituzione in corso..."
          busy={running === 'smart'}
          disabled={busy || components.length === 0 || retailerBlock !== null}
          describedBy={retailerBlock === null ? undefined : blockId}
          onClick={retailer.smartReplace}
        />
        <ActionButton
          label="Aggiorna Prezzi"
          busyLabel="Aggiornamento in corso..."
          busy={running === 'prices'}
          disabled={busy || components.length === 0 || retailerBlock !== null}
          describedBy={retailerBlock === null ? undefined : blockId}
          onClick={retailer.updatePrices}
        />
        <ActionButton label="Importa da Amazon" busyLabel="Importazione in corso..." busy={running === 'import'} disabled={busy} onClick={retailer.openImport} />
        {searchable && (
          <button type="button" className={secondaryButtonClass} onClick={() => setSearch({ mode: 'add' })} data-testid="retailer-search-button">
            Cerca su Amazon
          </button>
        )}
        <button type="button" className={buttonClass} onClick={() => setAddedKey(onAdd())}>
          Aggiungi Componente
        </button>
      </div>
      {retailerStatus.status === 'not-configured' && <RetailerHint status={retailerStatus} />}
      {retailerBlock !== null && (
        <p id={blockId} className="text-sm text-slate-700 dark:text-slate-300" data-testid="retailer-unavailable">
          {RETAILER_MESSAGES.actionsNeedRetailer} {retailerBlock}
        </p>
      )}
      {retailer.notice && (
        <Notice tone={retailer.notice.tone} onDismiss={retailer.dismissNotice} testId="components-notice">
          <p className="font-semibold">{retailer.notice.title}</p>
          {retailer.notice.lines && retailer.notice.lines.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {retailer.notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {components.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300" data-testid="components-empty">
          Nessun componente aggiunto. Clicca &quot;Aggiungi Componente&quot; per iniziare.
        </p>
      ) : (
        <ComponentTable
          components={components}
          errors={errors}
          facts={facts}
          now={now}
          replacedIds={retailer.replacedIds}
          updatedAsins={retailer.updatedAsins}
          history={history}
          lookupEnabled={searchable}
          onSearchReplacement={searchable ? (key) => setSearch({ mode: 'replace', key, title: componentTitle(components.findIndex((component) => component.key === key)) }) : null}
          onLookupFound={props.onLookupFound}
          openKey={openKey}
          addedKey={addedKey}
          onOpen={(key) => {
            setAddedKey(null);
            onOpen(key);
          }}
          onChange={onChange}
          onRemove={onRemove}
          onMove={onMove}
        />
      )}
      {components.length > 0 && <CompatibilityPanel components={components} />}
      {search && <RetailerSearchDialog target={search} onChoose={chosen} onClose={() => setSearch(null)} />}
      {retailer.importDialog && (
        <ImportDialog running={running === 'import'} failure={retailer.importDialog.error} onClose={retailer.closeImport} onImport={retailer.importCart} />
      )}
    </TitledCard>
  );
}

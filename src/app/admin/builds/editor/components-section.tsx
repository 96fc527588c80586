/**
 * 'Componenti' (spec section 2): the retailer actions ('Sostituzione Intelligente', 'Aggiorna Prezzi',
 * 'Importa da Amazon') with their results, 'Aggiungi Componente', the total, and the component table.
 */
import { useId, useState } from 'react';
import { formatPrice } from '../../../../common/format';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../../ui';
import type { ComponentField, ComponentForm, FieldErrors } from './build-form';
import { ButtonSpinner } from './button-spinner';
import { ComponentTable } from './component-table';
import type { ComponentFacts } from './editor-reducer';
import { ImportDialog } from './import-dialog';
import type { RetailerActions } from './use-retailer-actions';

interface ComponentsSectionProps {
  components: ComponentForm[];
  errors: FieldErrors;
  facts: Record<number, ComponentFacts>;
  now: number;
  retailer: RetailerActions;
  /** The build is being saved: the actions wait, so the server never sees both at once. */
  saving: boolean;
  openKey: string | null;
  onOpen: (key: string | null) => void;
  /** Adds an empty component and opens it; returns its key (its first field gets the focus). */
  onAdd: () => string;
  onRemove: (key: string) => void;
  onChange: (key: string, field: ComponentField, value: string) => void;
  onMove: (key: string, to: number) => void;
}

function ActionButton({ busy, busyLabel, label, disabled, onClick }: { busy: boolean; busyLabel: string; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className={secondaryButtonClass} disabled={disabled} aria-busy={busy} onClick={onClick}>
      {busy && <ButtonSpinner />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** Sum of the prices typed; components without a price count 0 (spec section 9). */
function totalOf(components: ComponentForm[]): number {
  return components.reduce((sum, component) => {
    const price = Number(component.price.replace(',', '.'));
    return component.price.trim() !== '' && Number.isFinite(price) ? sum + price : sum;
  }, 0);
}

export function ComponentsSection({ components, errors, facts, now, retailer, saving, openKey, onOpen, onAdd, onRemove, onChange, onMove }: ComponentsSectionProps) {
  const headingId = useId();
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const { running } = retailer;
  const busy = running !== null || saving;

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`} data-testid="components-section">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold">
          Componenti
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="components-total">
          Totale: <strong>{formatPrice(totalOf(components))}</strong>
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <ActionButton label="Sostituzione Intelligente" busyLabel="Sostituzione in corso..." busy={running === 'smart'} disabled={busy || components.length === 0} onClick={retailer.smartReplace} />
        <ActionButton label="Aggiorna Prezzi" busyLabel="Aggiornamento in corso..." busy={running === 'prices'} disabled={busy || components.length === 0} onClick={retailer.updatePrices} />
        <ActionButton label="Importa da Amazon" busyLabel="Importazione in corso..." busy={running === 'import'} disabled={busy} onClick={retailer.openImport} />
        <button type="button" className={buttonClass} onClick={() => setAddedKey(onAdd())}>
          Aggiungi Componente
        </button>
      </div>
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
      {retailer.importDialog && (
        <ImportDialog running={running === 'import'} failure={retailer.importDialog.error} onClose={retailer.closeImport} onImport={retailer.importCart} />
      )}
    </section>
  );
}

/**
 * 'Componenti' (spec section 2): the component cards, the retailer actions ('Sostituzione Intelligente',
 * 'Aggiorna Prezzi', 'Importa da Amazon') with their results, and 'Aggiungi Componente'.
 */
import { useId, useState } from 'react';
import { formatPrice } from '../../../common/format';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../ui';
import type { ComponentField, ComponentForm, FieldErrors } from './build-form';
import { ButtonSpinner } from './button-spinner';
import { ComponentCard } from './component-card';
import { ImportDialog } from './import-dialog';
import type { useRetailerActions } from './use-retailer-actions';

interface ComponentsSectionProps {
  components: ComponentForm[];
  errors: FieldErrors;
  retailer: ReturnType<typeof useRetailerActions>;
  /** The build is being saved: the actions wait, so the server never sees both at once. */
  saving: boolean;
  /** Adds an empty component; returns its key (its first field gets the focus). */
  onAdd(): string;
  onRemove(key: string): void;
  onChange(key: string, field: ComponentField, value: string): void;
}

function ActionButton({ busy, busyLabel, label, disabled, onClick, primary = false }: { busy: boolean; busyLabel: string; label: string; disabled: boolean; onClick(): void; primary?: boolean }) {
  return (
    <button type="button" className={primary ? buttonClass : secondaryButtonClass} disabled={disabled} aria-busy={busy} onClick={onClick}>
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

export function ComponentsSection({ components, errors, retailer, saving, onAdd, onRemove, onChange }: ComponentsSectionProps) {
  const headingId = useId();
  const [importOpen, setImportOpen] = useState(false);
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
        <ActionButton
          label="Sostituzione Intelligente"
          busyLabel="Sostituzione in corso..."
          busy={running === 'smart'}
          disabled={busy || components.length === 0}
          onClick={() => void retailer.smartReplace()}
        />
        <ActionButton
          label="Aggiorna Prezzi"
          busyLabel="Aggiornamento in corso..."
          busy={running === 'prices'}
          disabled={busy || components.length === 0}
          onClick={() => void retailer.updatePrices()}
        />
        <ActionButton label="Importa da Amazon" busyLabel="Importazione in corso..." busy={running === 'import'} disabled={busy} onClick={() => setImportOpen(true)} />
        <button
          type="button"
          className={buttonClass}
          onClick={() => setAddedKey(onAdd())}
        >
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
        <ol className="space-y-4" data-testid="component-list">
          {components.map((component, index) => (
            <ComponentCard
              key={component.key}
              index={index}
              component={component}
              errors={errors}
              replaced={component.id !== undefined && retailer.replacedIds.has(component.id)}
              priceUpdated={component.asin !== '' && retailer.updatedAsins.has(component.asin.toUpperCase())}
              autoFocus={component.key === addedKey}
              onChange={(field, value) => onChange(component.key, field, value)}
              onRemove={() => onRemove(component.key)}
            />
          ))}
        </ol>
      )}
      {importOpen && <ImportDialog running={running === 'import'} onClose={() => setImportOpen(false)} onImport={retailer.importCart} />}
    </section>
  );
}

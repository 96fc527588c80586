/** The editor's small side cards: publishing (status, category, budget) and 'Amazon Affiliate'. */
import { useId } from 'react';
import { BUILD_CATEGORIES, BUILD_STATUSES, categoryLabel, statusLabel } from '../../../../../common/catalog';
import { cardClass } from '../../../ui';
import type { BuildField, BuildForm, FieldErrors } from './build-form';
import { SelectField, TextField, bindField } from './form-fields';

interface CardProps {
  form: BuildForm;
  errors: FieldErrors;
  onChange: (field: BuildField, value: string) => void;
}

const CATEGORY_OPTIONS = [{ value: '', label: 'Nessuna categoria' }, ...BUILD_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))];
const STATUS_OPTIONS = BUILD_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

export function PublishingCard({ form, errors, onChange }: CardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`}>
      <h2 id={headingId} className="text-lg font-semibold">
        Pubblicazione
      </h2>
      <SelectField path="status" label="Stato" value={form.status} options={STATUS_OPTIONS} onValueChange={(value) => onChange('status', value)} error={errors.status} />
      {form.status === 'scheduled' && (
        <TextField
          {...bindField('publish_at', form, errors, onChange)}
          label="Data e ora di pubblicazione"
          type="datetime-local"
          hint="Ora italiana. La build diventa pubblica da sola a quest'ora."
        />
      )}
      <SelectField path="category" label="Categoria" value={form.category} options={CATEGORY_OPTIONS} onValueChange={(value) => onChange('category', value)} error={errors.category} />
      <TextField
        {...bindField('budget', form, errors, onChange)}
        label="Budget (€)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        hint="Facoltativo: la fascia di prezzo della build."
      />
    </section>
  );
}

export function AffiliateCard({ form, errors, onChange }: CardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`} data-testid="affiliate-card">
      <h2 id={headingId} className="text-lg font-semibold">
        Amazon Affiliate
      </h2>
      <TextField
        {...bindField('affiliate_tag', form, errors, onChange)}
        label="Tag affiliato"
        placeholder="es. mionegozio-21"
        autoComplete="off"
        spellCheck={false}
        hint="Il tag Amazon Associates aggiunto ai link dei componenti, al pulsante 'Compra Tutto su Amazon' e ai link Amazon dell'articolo. Se vuoto si usa il tag predefinito del sito."
      />
    </section>
  );
}

/**
 * SEO card (product spec, "Screens and routes"): meta title and description with live lengths, the optimal ranges and
 * the fallbacks.
 */
import { useId } from 'react';
import { formatQuantity } from '../../../../../common/format';
import { cardClass } from '../../../ui';
import type { BuildForm, FieldErrors } from './build-form';
import { TextAreaField, TextField, bindField } from './form-fields';

/** Optimal lengths for search results (product spec, "Business constants and limits"). */
const RANGES = {
  meta_title: { min: 50, max: 60 },
  meta_description: { min: 150, max: 160 },
} as const;

function LengthCount({ field, value }: { field: keyof typeof RANGES; value: string }) {
  const { min, max } = RANGES[field];
  const length = value.length;
  const optimal = length >= min && length <= max;
  return (
    <span
      className={`text-sm tabular-nums ${optimal ? 'font-semibold text-green-800 dark:text-green-300' : 'text-slate-700 dark:text-slate-300'}`}
      data-testid={`${field}-count`}
    >
      {formatQuantity(length, 'carattere', 'caratteri')}
    </span>
  );
}

/**
 * What each field shows around its input: the live length, the build's own text as the placeholder (it is what an
 * empty field falls back to), the optimal range and that fallback in words.
 */
function guidance(field: keyof typeof RANGES, value: string, placeholder: string, fallback: string) {
  const { min, max } = RANGES[field];
  return {
    aside: <LengthCount field={field} value={value} />,
    placeholder,
    hint: (
      <>
        <p>{`Ottimale: ${min}-${max} caratteri`}</p>
        <p>{fallback}</p>
      </>
    ),
  };
}

interface SeoCardProps {
  form: Pick<BuildForm, 'title' | 'description' | 'meta_title' | 'meta_description'>;
  errors: FieldErrors;
  onChange: (field: 'meta_title' | 'meta_description', value: string) => void;
}

export function SeoCard({ form, errors, onChange }: SeoCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`} data-testid="seo-card">
      <h2 id={headingId} className="text-lg font-semibold">
        SEO
      </h2>
      <TextField
        {...bindField('meta_title', form, errors, onChange)}
        label="Meta title"
        {...guidance('meta_title', form.meta_title, form.title || 'Il titolo della build', 'Se vuoto si usa il titolo della build.')}
      />
      <TextAreaField
        {...bindField('meta_description', form, errors, onChange)}
        label="Meta description"
        rows={4}
        {...guidance('meta_description', form.meta_description, form.description || 'La descrizione della build', 'Se vuota si usa la descrizione della build.')}
      />
    </section>
  );
}

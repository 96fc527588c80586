/** Labelled inputs of the build editor, each with its hint and its error linked by aria-describedby. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { inputClass } from '../../../ui';
import { type FieldErrors, fieldId } from './build-form';

interface FieldFrameProps {
  /** Field path ('title', 'components.0.name'): gives the input's id. */
  path: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown on the label's line, at the right (e.g. a character count). */
  aside?: ReactNode;
  required?: boolean;
}

function describedBy(path: string, hint: ReactNode, error: string | undefined): string | undefined {
  const id = fieldId(path);
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFrame({ path, label, error, hint, aside, required, children }: FieldFrameProps & { children: ReactNode }) {
  const id = fieldId(path);
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium">
          <label htmlFor={id}>{label}</label>
          {/* Outside the label: the field's name stays the label text; aria-required says it to assistive tech. */}
          {required && (
            <span aria-hidden="true" className="text-red-700 dark:text-red-300">
              {' '}*
            </span>
          )}
        </span>
        {aside}
      </div>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300" data-testid={`error-${path}`}>
          {error}
        </p>
      )}
    </div>
  );
}

const invalidClass = 'border-red-600 dark:border-red-400';

function controlProps(path: string, error: string | undefined, hint: ReactNode, required: boolean | undefined, extraClass = '') {
  return {
    id: fieldId(path),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(path, hint, error),
    'aria-required': required || undefined,
    className: `${inputClass} ${error ? invalidClass : ''} ${extraClass}`,
  };
}

type TextFieldProps = FieldFrameProps & { value: string; onValueChange: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export function TextField({ path, label, error, hint, aside, required, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} aside={aside} required={required}>
      <input type="text" {...input} {...controlProps(path, error, hint, required)} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps & { value: string; onValueChange: (value: string) => void } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'>;

export function TextAreaField({ path, label, error, hint, aside, required, value, onValueChange, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} aside={aside} required={required}>
      <textarea {...textarea} {...controlProps(path, error, hint, required, className)} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = FieldFrameProps & { value: string; options: SelectOption[]; onValueChange: (value: string) => void } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'value' | 'onChange' | 'id'
  >;

export function SelectField({ path, label, error, hint, aside, required, value, options, onValueChange, ...select }: SelectFieldProps) {
  // A value the list does not know (an old category, say) is shown as it is rather than silently replaced.
  const all = options.some((option) => option.value === value) ? options : [...options, { value, label: value }];
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} aside={aside} required={required}>
      <select {...select} {...controlProps(path, error, hint, required)} value={value} onChange={(event) => onValueChange(event.target.value)}>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The props that tie a field to one text key of the build form: its path, value, change handler and error. */
export function bindField<F extends string>(field: F, form: Record<F, string>, errors: FieldErrors, onChange: (field: F, value: string) => void) {
  return { path: field, value: form[field], onValueChange: (value: string) => onChange(field, value), error: errors[field] };
}

/**
 * The four fields of an alternative (product spec, "Validation rules": ASIN at most 10 characters and uppercased as
 * typed, product name, price with step 0.01, priority 1..5), shared by the manager's dialog and the editor's panel.
 * Ids are `${idPrefix}-asin` and so on: the caller can focus a field the check refused. No `required`: in the editor
 * these inputs sit inside the build's <form>, whose submit they must not block.
 */
import type { ChangeEvent } from 'react';
import { inputClass } from '../ui';
import { type AlternativeDraft, type AlternativeField, ASIN_LENGTH, asinInput, MAX_PRIORITY, MIN_PRIORITY } from './alternative-form';
import { hintClass, labelClass } from './styles';

interface AlternativeFieldsProps {
  idPrefix: string;
  draft: AlternativeDraft;
  onChange: (draft: AlternativeDraft) => void;
  /** Fields the last check refused: marked invalid and described by `errorId`. */
  invalid?: readonly AlternativeField[];
  errorId?: string;
  /** The dialog explains the fields; the editor's panel, repeated under every component, does not. */
  hints?: boolean;
}

export const fieldId = (idPrefix: string, field: AlternativeField) => `${idPrefix}-${field}`;

export function AlternativeFields({ idPrefix, draft, onChange, invalid = [], errorId, hints = false }: AlternativeFieldsProps) {
  const id = (field: AlternativeField) => fieldId(idPrefix, field);
  const set = (field: AlternativeField) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...draft, [field]: field === 'asin' ? asinInput(event.target.value) : event.target.value });
  /** aria-invalid and the error, then the field's hint, as its description. */
  const described = (field: AlternativeField, hint: boolean) => {
    const refused = invalid.includes(field);
    const ids = [refused ? errorId : undefined, hint && hints ? `${id(field)}-hint` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': refused || undefined, 'aria-describedby': ids || undefined };
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={id('asin')} className={labelClass}>
          ASIN
        </label>
        <input
          id={id('asin')}
          value={draft.asin}
          onChange={set('asin')}
          maxLength={ASIN_LENGTH}
          aria-required="true"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          {...described('asin', true)}
          className={`${inputClass} font-mono uppercase`}
        />
        {hints && (
          <p id={`${id('asin')}-hint`} className={hintClass}>
            10 caratteri alfanumerici, es. B0C4KTDV06
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={id('name')} className={labelClass}>
          Nome prodotto
        </label>
        <input id={id('name')} value={draft.name} onChange={set('name')} maxLength={500} aria-required="true" autoComplete="off" {...described('name', false)} className={inputClass} />
      </div>
      <div>
        <label htmlFor={id('price')} className={labelClass}>
          Prezzo (€)
        </label>
        <input id={id('price')} type="number" inputMode="decimal" min={0} step={0.01} value={draft.price} onChange={set('price')} {...described('price', true)} className={inputClass} />
        {hints && (
          <p id={`${id('price')}-hint`} className={hintClass}>
            Facoltativo
          </p>
        )}
      </div>
      <div>
        <label htmlFor={id('priority')} className={labelClass}>
          Priorità ({MIN_PRIORITY}-{MAX_PRIORITY})
        </label>
        <input
          id={id('priority')}
          type="number"
          inputMode="numeric"
          min={MIN_PRIORITY}
          max={MAX_PRIORITY}
          step={1}
          value={draft.priority}
          onChange={set('priority')}
          {...described('priority', true)}
          className={inputClass}
        />
        {hints && (
          <p id={`${id('priority')}-hint`} className={hintClass}>
            Da 1 (più alta) a 5 (più bassa)
          </p>
        )}
      </div>
    </div>
  );
}

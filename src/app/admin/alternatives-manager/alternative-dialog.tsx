/**
 * Modal to add an alternative to a category or edit one (spec section 5: ASIN and name required, ASIN at
 * most 10 characters, price step 0.01, priority 1..5 with anything non-numeric becoming 1).
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { ModalDialog } from '../modal-dialog';
import { inputClass } from '../ui';
import { type Alternative, type AlternativeValues, MAX_PRIORITY, MIN_PRIORITY, parsePriority } from './alternatives-api';
import { FormActions, FormError, useSubmission } from './form-parts';
import { hintClass, labelClass } from './styles';

const ASIN_AND_NAME_REQUIRED = 'ASIN e nome sono obbligatori';
const ASIN_LENGTH = 10;

interface AlternativeDialogProps {
  /** The category the alternative belongs to, named in the dialog. */
  categoryName: string;
  /** The alternative to edit; none to add one. */
  alternative?: Alternative;
  /** Saves on the server; throws on failure (the dialog then stays open with the input). */
  onSave(values: AlternativeValues): Promise<void>;
  onClose(): void;
  fallbackFocus(): HTMLElement | null;
}

export function AlternativeDialog({ categoryName, alternative, onSave, onClose, fallbackFocus }: AlternativeDialogProps) {
  const [asin, setAsin] = useState(alternative?.alternative_asin ?? '');
  const [name, setName] = useState(alternative?.alternative_name ?? '');
  const [price, setPrice] = useState(alternative?.alternative_price?.toString() ?? '');
  const [priority, setPriority] = useState(String(alternative?.priority ?? MIN_PRIORITY));
  const [missing, setMissing] = useState({ asin: false, name: false });
  const asinRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const submission = useSubmission();
  const id = useId();
  const errorId = `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values: AlternativeValues = {
      alternativeAsin: asin.trim().toUpperCase(),
      alternativeName: name.trim(),
      // The number field hands over '' for an empty or unreadable amount: no price.
      alternativePrice: price.trim() === '' ? null : Number(price),
      priority: parsePriority(priority),
    };
    const nowMissing = { asin: !values.alternativeAsin, name: !values.alternativeName };
    setMissing(nowMissing);
    if (nowMissing.asin || nowMissing.name) {
      submission.reject(ASIN_AND_NAME_REQUIRED);
      (nowMissing.asin ? asinRef : nameRef).current?.focus();
      return;
    }
    const fallback = alternative ? "Errore nell'aggiornamento dell'alternativa" : "Errore nell'aggiunta dell'alternativa";
    await submission.run(() => onSave(values), fallback);
  }

  return (
    <ModalDialog title={alternative ? 'Modifica Alternativa' : 'Nuova Alternativa'} onClose={onClose} fallbackFocus={fallbackFocus} testId="alternative-dialog">
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        Categoria: <strong>{categoryName}</strong>
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormError id={errorId} message={submission.error} errorRef={submission.errorRef} />
        <div className="space-y-4">
          <div>
            <label htmlFor={`${id}-asin`} className={labelClass}>
              ASIN
            </label>
            <input
              ref={asinRef}
              id={`${id}-asin`}
              value={asin}
              onChange={(event) => setAsin(event.target.value.toUpperCase())}
              required
              maxLength={ASIN_LENGTH}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={missing.asin || undefined}
              aria-describedby={missing.asin ? `${errorId} ${id}-asin-hint` : `${id}-asin-hint`}
              className={`${inputClass} font-mono uppercase`}
            />
            <p id={`${id}-asin-hint`} className={hintClass}>
              10 caratteri alfanumerici, es. B0C4KTDV06
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Nome prodotto
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={500}
              aria-invalid={missing.name || undefined}
              aria-describedby={missing.name ? errorId : undefined}
              className={inputClass}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-price`} className={labelClass}>
                Prezzo (€)
              </label>
              <input id={`${id}-price`} type="number" inputMode="decimal" min={0} step={0.01} value={price} onChange={(event) => setPrice(event.target.value)} aria-describedby={`${id}-price-hint`} className={inputClass} />
              <p id={`${id}-price-hint`} className={hintClass}>
                Facoltativo
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-priority`} className={labelClass}>
                Priorità
              </label>
              <input id={`${id}-priority`} type="number" inputMode="numeric" min={MIN_PRIORITY} max={MAX_PRIORITY} step={1} value={priority} onChange={(event) => setPriority(event.target.value)} aria-describedby={`${id}-priority-hint`} className={inputClass} />
              <p id={`${id}-priority-hint`} className={hintClass}>
                Da 1 (più alta) a 5 (più bassa)
              </p>
            </div>
          </div>
        </div>
        <FormActions saving={submission.saving} submitLabel={alternative ? 'Salva Modifiche' : 'Aggiungi Alternativa'} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

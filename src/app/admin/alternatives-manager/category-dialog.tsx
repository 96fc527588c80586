/** Modal to create or edit an alternative category (spec sections 2 and 5: name required, type, description). */
import { type FormEvent, useId, useRef, useState } from 'react';
import { EDITOR_COMPONENT_TYPES } from '../../../common/catalog';
import { ModalDialog } from '../modal-dialog';
import { inputClass } from '../ui';
import type { AlternativeCategory, CategoryValues } from './alternatives-api';
import { FormActions, FormError, useSubmission } from './form-parts';
import { hintClass, labelClass } from './styles';

const NAME_REQUIRED = 'Il nome è obbligatorio';

interface CategoryDialogProps {
  /** The category to edit; none to create one. */
  category?: AlternativeCategory;
  /** Saves on the server; throws on failure (the dialog then stays open with the input). */
  onSave(values: CategoryValues): Promise<void>;
  onClose(): void;
  fallbackFocus(): HTMLElement | null;
}

export function CategoryDialog({ category, onSave, onClose, fallbackFocus }: CategoryDialogProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [componentType, setComponentType] = useState(category?.component_type ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [nameMissing, setNameMissing] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const submission = useSubmission();
  const id = useId();
  const errorId = `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      submission.reject(NAME_REQUIRED);
      nameRef.current?.focus();
      return;
    }
    setNameMissing(false);
    const values = { name: name.trim(), description: description.trim() || null, component_type: componentType || null };
    await submission.run(() => onSave(values), 'Errore nel salvataggio della categoria');
  }

  return (
    <ModalDialog title={category ? 'Modifica Categoria' : 'Nuova Categoria'} onClose={onClose} fallbackFocus={fallbackFocus} testId="category-dialog">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormError id={errorId} message={submission.error} errorRef={submission.errorRef} />
        <div className="space-y-4">
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Nome
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={200}
              aria-invalid={nameMissing || undefined}
              aria-describedby={nameMissing ? errorId : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-type`} className={labelClass}>
              Tipo di componente
            </label>
            <select id={`${id}-type`} value={componentType} onChange={(event) => setComponentType(event.target.value)} aria-describedby={`${id}-type-hint`} className={inputClass}>
              <option value="">Nessun tipo</option>
              {EDITOR_COMPONENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            <p id={`${id}-type-hint`} className={hintClass}>
              La sostituzione intelligente propone queste alternative ai componenti di questo tipo.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-description`} className={labelClass}>
              Descrizione
            </label>
            <textarea id={`${id}-description`} value={description} onChange={(event) => setDescription(event.target.value)} rows={3} maxLength={5000} className={inputClass} />
          </div>
        </div>
        <FormActions saving={submission.saving} submitLabel={category ? 'Salva Modifiche' : 'Crea Categoria'} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

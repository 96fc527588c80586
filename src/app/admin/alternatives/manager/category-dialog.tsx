/**
 * Modal to create or edit an alternative category (product spec, "Screens and routes", "Validation rules": name
 * required, type, description).
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { EDITOR_COMPONENT_TYPES } from '../../../../common/catalog';
import type { AlternativeCategory } from '../../../../modules/alternatives';
import { ModalDialog } from '../../modal-dialog';
import { inputClass } from '../../ui';
import { type CategoryDraft, categoryForm, categoryToDraft, parseCategory } from '../category-form';
import { hintClass, labelClass } from '../styles';
import { useFetcherResult } from '../../use-fetcher-result';
import { FormActions, FormError } from './dialog-parts';
import type { ManagerResult, SavedResult } from './manager-data';
import { useDialogError } from './use-dialog-error';

interface CategoryDialogProps {
  /** The category to edit; none to create one. */
  category?: AlternativeCategory;
  onSaved: (result: SavedResult) => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

export function CategoryDialog({ category, onSaved, onClose, fallbackFocus }: CategoryDialogProps) {
  const fetcher = useFetcher<ManagerResult>();
  const [draft, setDraft] = useState<CategoryDraft>(() => categoryToDraft(category));
  const [nameMissing, setNameMissing] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const error = useDialogError();
  const id = useId();
  const errorId = `${id}-error`;
  const saving = fetcher.state !== 'idle';
  const set = (field: keyof CategoryDraft) => (value: string) => setDraft({ ...draft, [field]: value });

  useFetcherResult(fetcher, (result) => (result.ok ? onSaved(result) : error.fail(result.error)), { answerAtMount: 'ignore' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseCategory(draft);
    setNameMissing(!parsed.ok && parsed.nameMissing);
    if (!parsed.ok) {
      error.refuse(parsed.message);
      if (parsed.nameMissing) nameRef.current?.focus();
      return;
    }
    error.clear();
    const target: Record<string, string> = category ? { intent: 'update-category', id: String(category.id) } : { intent: 'create-category' };
    void fetcher.submit(categoryForm(draft, target), { method: 'post' });
  }

  return (
    <ModalDialog title={category ? 'Modifica Categoria' : 'Nuova Categoria'} onClose={onClose} fallbackFocus={fallbackFocus} testId="category-dialog">
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} message={error.message} errorRef={error.errorRef} />
        <div className="space-y-4">
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Nome
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              value={draft.name}
              onChange={(event) => set('name')(event.target.value)}
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
            <select id={`${id}-type`} value={draft.componentType} onChange={(event) => set('componentType')(event.target.value)} aria-describedby={`${id}-type-hint`} className={inputClass}>
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
            <textarea id={`${id}-description`} value={draft.description} onChange={(event) => set('description')(event.target.value)} rows={3} maxLength={5000} className={inputClass} />
          </div>
        </div>
        <FormActions saving={saving} submitLabel={category ? 'Salva Modifiche' : 'Crea Categoria'} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

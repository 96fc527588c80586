/**
 * Modal to add an alternative to a category or edit one (product spec, "Validation rules"). The fields are checked with
 * the shared form model before anything is sent; the save goes through the screen's clientAction, and
 * a refused save keeps the dialog open with everything typed.
 */
import { type FormEvent, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Alternative } from '../../../../modules/alternatives';
import { ModalDialog } from '../../modal-dialog';
import { type AlternativeDraft, type AlternativeField, alternativeToDraft, draftForm, EMPTY_DRAFT, parseAlternative } from '../alternative-form';
import { AlternativeFields, fieldId } from '../alternative-fields';
import { useFetcherResult } from '../../use-fetcher-result';
import { FormActions, FormError } from './dialog-parts';
import type { ManagerResult, SavedResult } from './manager-data';
import { useDialogError } from './use-dialog-error';

interface AlternativeDialogProps {
  /** The category the alternative belongs to, fixed when the dialog opens: a save goes there whatever the page shows meanwhile. */
  categoryId: number;
  categoryName: string;
  /** The alternative to edit; none to add one. */
  alternative?: Alternative;
  onSaved: (result: SavedResult) => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

export function AlternativeDialog({ categoryId, categoryName, alternative, onSaved, onClose, fallbackFocus }: AlternativeDialogProps) {
  const fetcher = useFetcher<ManagerResult>();
  const [draft, setDraft] = useState<AlternativeDraft>(alternative ? alternativeToDraft(alternative) : EMPTY_DRAFT);
  const [invalid, setInvalid] = useState<AlternativeField[]>([]);
  const error = useDialogError();
  const id = useId();
  const errorId = `${id}-error`;
  const saving = fetcher.state !== 'idle';

  useFetcherResult(fetcher, (result) => (result.ok ? onSaved(result) : error.fail(result.error)), { answerAtMount: 'ignore' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseAlternative(draft);
    setInvalid(parsed.ok ? [] : parsed.fields);
    if (!parsed.ok) {
      error.refuse(parsed.message);
      if (parsed.fields[0]) document.getElementById(fieldId(id, parsed.fields[0]))?.focus();
      return;
    }
    error.clear();
    const target = alternative ? { intent: 'update-alternative', id: String(alternative.id) } : { intent: 'add-alternative', id: String(categoryId) };
    void fetcher.submit(draftForm(draft, target), { method: 'post' });
  }

  return (
    <ModalDialog title={alternative ? 'Modifica Alternativa' : 'Nuova Alternativa'} onClose={onClose} fallbackFocus={fallbackFocus} testId="alternative-dialog">
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        Categoria: <strong>{categoryName}</strong>
      </p>
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} message={error.message} errorRef={error.errorRef} />
        <AlternativeFields idPrefix={id} draft={draft} onChange={setDraft} invalid={invalid} errorId={errorId} hints />
        <FormActions saving={saving} submitLabel={alternative ? 'Salva Modifiche' : 'Aggiungi Alternativa'} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

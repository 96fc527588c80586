/** Pieces shared by the manager's two modal forms: the submission state, its error box and the footer. */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { buttonClass, Notice, secondaryButtonClass } from '../ui';
import { describeFailure } from './alternatives-api';

interface FormErrorState {
  message: string;
  /** Server failures take focus (the author is on the disabled submit button); a missing field takes it itself. */
  takeFocus: boolean;
}

/**
 * Saving state of a modal form. A failed save keeps the dialog open with everything typed, and shows why:
 * the server's message or `fallback`.
 */
export function useSubmission() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<FormErrorState | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (error?.takeFocus) errorRef.current?.focus();
  }, [error]);

  async function run(save: () => Promise<void>, fallback: string) {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setError(null);
    try {
      await save();
    } catch (failure) {
      setError({ message: describeFailure(failure, fallback), takeFocus: true });
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return {
    saving,
    error: error?.message ?? null,
    errorRef,
    run,
    /** A client-side check failed: nothing is sent. */
    reject: (message: string) => setError({ message, takeFocus: false }),
  };
}

export function FormError({ id, message, errorRef }: { id: string; message: string | null; errorRef: RefObject<HTMLDivElement | null> }) {
  if (!message) return null;
  return (
    <div ref={errorRef} id={id} tabIndex={-1} className="mb-4 focus:outline-none">
      <Notice tone="error" testId="dialog-error">
        {message}
      </Notice>
    </div>
  );
}

const SAVING_LABEL = 'Salvataggio...';

export function FormActions({ saving, submitLabel, onCancel }: { saving: boolean; submitLabel: string; onCancel(): void }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Annulla
      </button>
      <button type="submit" className={buttonClass} disabled={saving}>
        {saving ? SAVING_LABEL : submitLabel}
      </button>
    </div>
  );
}

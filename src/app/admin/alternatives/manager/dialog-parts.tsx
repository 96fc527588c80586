/** Pieces shared by the manager's two modal forms: the error box and the footer. */
import type { RefObject } from 'react';
import { buttonClass, Notice, secondaryButtonClass } from '../../ui';

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

export function FormActions({ saving, submitLabel, onCancel }: { saving: boolean; submitLabel: string; onCancel: () => void }) {
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

/**
 * The save answered 409: the build was changed elsewhere (another tab or device, a smart replacement, a
 * restore, a refreshed price) after the editor loaded it. The author chooses: 'Ricarica' shows the current
 * version and keeps the edits as a draft to restore, 'Sovrascrivi' saves the edits over it, 'Annulla' goes
 * back to the form as it is. Mounted while open; it stays open while a choice runs, so its answer is shown.
 */
import { useId } from 'react';
import { ModalDialog } from '../../../modal-dialog';
import { buttonClass, Notice, secondaryButtonClass } from '../../../ui';
import { ButtonSpinner } from '../button-spinner';

export type ConflictChoice = 'reload' | 'overwrite';

interface ConflictDialogProps {
  /** The server's message. */
  message: string;
  running: ConflictChoice | null;
  /** Why the last choice did not go through, if it did not. */
  error: string | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}

export function ConflictDialog({ message, running, error, onReload, onOverwrite, onClose }: ConflictDialogProps) {
  const textId = useId();
  const busy = running !== null;
  return (
    <ModalDialog title="Build modificata altrove" onClose={onClose} describedBy={textId} dismissible={!busy} size="lg" testId="conflict-dialog">
      <div className="space-y-4">
        <div id={textId} className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{message}</p>
          <p>
            <strong>Ricarica</strong> mostra la versione attuale e conserva le tue modifiche come bozza: le riprendi con &apos;Ripristina bozza&apos;.
          </p>
          <p>
            <strong>Sovrascrivi</strong> salva la tua versione al posto di quella attuale: le modifiche fatte altrove andranno perse.
          </p>
        </div>
        {error && (
          <Notice tone="error" testId="conflict-error">
            <p>{error}</p>
          </Notice>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
            Annulla
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onOverwrite} disabled={busy} aria-busy={running === 'overwrite'}>
            {running === 'overwrite' && <ButtonSpinner />}
            {running === 'overwrite' ? 'Salvataggio...' : 'Sovrascrivi'}
          </button>
          <button type="button" className={buttonClass} onClick={onReload} disabled={busy} aria-busy={running === 'reload'}>
            {running === 'reload' && <ButtonSpinner />}
            {running === 'reload' ? 'Caricamento...' : 'Ricarica'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

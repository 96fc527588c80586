/**
 * 'Importa da Amazon' (product spec, "Screens and routes", "States and transitions", "Validation rules"): a modal
 * dialog taking a cart URL, mounted while open (every opening starts empty). It stays open while the import runs, so
 * its answer is never lost.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ModalDialog } from '../../../modal-dialog';
import { buttonClass, secondaryButtonClass } from '../../../ui';
import { ButtonSpinner } from '../button-spinner';
import { fieldId } from '../form/build-form';
import { TextField } from '../form/form-fields';

const EMPTY_URL = 'Inserisci un URL del carrello Amazon';
const EXAMPLE = 'https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=B0...&Quantity.1=1&ASIN.2=...&Quantity.2=1';

interface ImportDialogProps {
  running: boolean;
  /** Why the last import failed (a new object per failure); the dialog is closed by its caller on success. */
  failure: { message: string } | null;
  onClose: () => void;
  onImport: (cartUrl: string) => void;
}

const focusUrlField = () => document.getElementById(fieldId('cartUrl'))?.focus();

export function ImportDialog({ running, failure, onClose, onImport }: ImportDialogProps) {
  const instructionsId = useId();
  const [cartUrl, setCartUrl] = useState('');
  const [emptyUrl, setEmptyUrl] = useState(false);
  const error = emptyUrl ? EMPTY_URL : failure?.message;

  // Each failure puts the focus back on the URL, next to the message.
  useEffect(() => {
    if (failure) focusUrlField();
  }, [failure]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (running) return;
    setEmptyUrl(cartUrl.trim() === '');
    if (cartUrl.trim() === '') {
      focusUrlField();
      return;
    }
    onImport(cartUrl.trim());
  }

  return (
    <ModalDialog title="Importa da Amazon" onClose={onClose} describedBy={instructionsId} dismissible={!running} size="lg" testId="import-dialog">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div id={instructionsId} className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p>Incolla il link del carrello Amazon con i prodotti della build. Il formato è:</p>
          <p>
            <code className="block rounded bg-slate-100 p-2 font-mono text-xs break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">{EXAMPLE}</code>
          </p>
          <p>
            Ogni prodotto è un parametro ASIN.1=..&amp;ASIN.2=... I componenti importati vengono aggiunti in fondo all&apos;elenco (tipo &quot;Other&quot; se non riconosciuto);
            il tag affiliato del carrello si usa solo se la build non ne ha già uno.
          </p>
        </div>
        <TextField
          path="cartUrl"
          label="URL del carrello Amazon"
          type="url"
          inputMode="url"
          spellCheck={false}
          value={cartUrl}
          onValueChange={setCartUrl}
          error={error}
          placeholder="https://www.amazon.it/gp/aws/cart/add.html?..."
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={running}>
            Annulla
          </button>
          <button type="submit" className={buttonClass} disabled={running} aria-busy={running}>
            {running && <ButtonSpinner />}
            {running ? 'Importazione in corso...' : 'Importa Componenti'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

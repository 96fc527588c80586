/**
 * The admin's modal dialog, on the native <dialog> opened with showModal() (the rest of the page is inert).
 * Mount it only while it is open: it opens on mount and closes on unmount. Labelled by its title; focus
 * goes to the first field on open, stays inside on Tab, and returns to the element that opened it on close
 * (or to `fallbackFocus` when that element has gone meanwhile, e.g. 'Aggiungi la prima alternativa' once
 * the first alternative exists). Escape and the 'Chiudi' button ask the caller to close it, unless
 * `dismissible` is false (something runs whose answer the dialog must show).
 *
 * Portalled to <body>: opening it never adds a child to the layout of the card or list that declares it.
 */
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../components/icons';

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
const FIRST_FIELD = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

const SIZES = {
  md: 'max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg',
  lg: 'max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-[40rem]',
  // The cover generator: a wide preview, nearly the whole screen on a phone.
  xl: 'max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-6xl',
} as const;

interface ModalDialogProps {
  title: string;
  /** Escape, the close button or the caller's own cancel button. */
  onClose: () => void;
  /** Where focus goes on close when the opener is no longer in the page. */
  fallbackFocus?: () => HTMLElement | null;
  /** The id of the text that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** False while closing would lose an answer the dialog has to show: Escape and 'Chiudi' wait. */
  dismissible?: boolean;
  size?: keyof typeof SIZES;
  testId?: string;
  children: ReactNode;
}

export function ModalDialog({ title, onClose, fallbackFocus, describedBy, dismissible = true, size = 'md', testId, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest fallback, read at close time (the page has changed since the dialog opened).
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (dialog.querySelector<HTMLElement>(FIRST_FIELD) ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected && opener !== document.body ? opener : fallbackRef.current?.();
      target?.focus();
    };
  }, []);

  /** React owns whether the dialog is open: Escape asks the caller to close it. */
  function cancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    if (dismissible) onClose();
  }

  /**
   * Chromium closes the dialog itself on a second Escape without any other key or click in between (the
   * cancel event is then not cancelable): follow it, or open the dialog again while it must stay.
   */
  function closedByBrowser(event: SyntheticEvent<HTMLDialogElement>) {
    const dialog = event.currentTarget;
    if (dialog.open) return;
    if (dismissible) onClose();
    else dialog.showModal();
  }

  /** Native modal dialogs let Tab leave for the browser's own controls; keep it cycling inside. */
  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      tabIndex={-1}
      onCancel={cancel}
      onClose={closedByBrowser}
      onKeyDown={trapTab}
      className={`m-auto ${SIZES[size]} overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/70 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          disabled={!dismissible}
          aria-label="Chiudi"
          className="rounded-lg p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-500 disabled:cursor-wait disabled:opacity-60 dark:hover:bg-slate-800"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>,
    document.body,
  );
}

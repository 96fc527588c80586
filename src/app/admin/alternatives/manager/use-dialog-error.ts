/**
 * The error of a manager dialog. A refused field keeps focus on the field (the caller moves it there); a
 * refused save moves focus to the message, as the author is on the submit button.
 */
import { useEffect, useRef, useState } from 'react';

interface DialogError {
  message: string;
  takeFocus: boolean;
}

export function useDialogError() {
  const [error, setError] = useState<DialogError | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error?.takeFocus) errorRef.current?.focus();
  }, [error]);
  return {
    message: error?.message ?? null,
    errorRef,
    /** A check before sending failed: nothing was sent. */
    refuse: (message: string) => setError({ message, takeFocus: false }),
    /** The server refused the save. */
    fail: (message: string) => setError({ message, takeFocus: true }),
    clear: () => setError(null),
  };
}

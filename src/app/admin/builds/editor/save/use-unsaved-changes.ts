/**
 * Warns before leaving the editor with unsaved changes: React Router's blocker for links inside the app
 * (sidebar, 'Annulla', back button), `beforeunload` for reload, close and typed URLs.
 */
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

export const UNSAVED_CHANGES_MESSAGE = 'Hai modifiche non salvate. Vuoi davvero uscire?';

/** Returns `markSaved`, to call right before navigating away after a successful save. */
export function useUnsavedChangesWarning(dirty: boolean): { markSaved: () => void } {
  // Read when a navigation starts, which can be in the same tick as the save that made the form clean.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
      // The author chose to leave: nothing may block again, not even a Back pressed while this editor is
      // still being unmounted (its blocker is removed by an effect cleanup, after the page has changed).
      dirtyRef.current = false;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    markSaved: useCallback(() => {
      dirtyRef.current = false;
    }, []),
  };
}

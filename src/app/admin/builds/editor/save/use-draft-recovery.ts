/**
 * A safety net for unsaved edits: while the form differs from the saved build, it is kept in localStorage
 * (build-draft.ts), 500 ms after the last change, when the page is hidden or closed, and when the editor
 * unmounts (a 401 sends the author to the login page). When the editor opens a build with a stored draft
 * that differs from it, the draft is offered back. Storage can be full or disabled: then there is simply no
 * draft, the editor works as before.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BuildForm, formSnapshot } from '../form/build-form';
import { type BuildDraft, draftKey, parseDraft, serializeDraft } from '../form/build-draft';

const SAVE_DELAY_MS = 500;

export interface DraftOffer {
  form: BuildForm;
  savedAt: string;
  /** The build was saved on the server after the draft was written. */
  serverChanged: boolean;
}

interface Options {
  buildId: number | null;
  /** The build's updated_at as last loaded or saved; null for a new build. */
  buildUpdatedAt: string | null;
  form: BuildForm;
  baseline: BuildForm;
  dirty: boolean;
}

function storage(action: (store: Storage) => void) {
  try {
    action(window.localStorage);
  } catch {
    // Quota exceeded, storage disabled: the draft is a safety net, the editor goes on without it.
  }
}

function readDraft(key: string): BuildDraft | null {
  let raw: string | null = null;
  storage((store) => (raw = store.getItem(key)));
  return parseDraft(raw);
}

/** The stored draft of `key` when it holds something else than the build the editor opened. */
function findOffer(key: string, baseline: BuildForm, buildUpdatedAt: string | null): DraftOffer | null {
  const draft = readDraft(key);
  if (!draft || formSnapshot(draft.form) === formSnapshot(baseline)) return null;
  return { form: draft.form, savedAt: draft.savedAt, serverChanged: draft.buildUpdatedAt !== null && draft.buildUpdatedAt !== buildUpdatedAt };
}

export function useDraftRecovery({ buildId, buildUpdatedAt, form, baseline, dirty }: Options) {
  const key = draftKey(buildId);
  // The draft waiting for the debounce, with the key it belongs to.
  const pending = useRef<{ key: string; value: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Whether this editor stored the draft under the current key (a draft it only found is left for the author).
  const wrote = useRef(false);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const draft = pending.current;
    pending.current = null;
    if (!draft) return;
    storage((store) => store.setItem(draft.key, draft.value));
    wrote.current = true;
  }, []);

  const forget = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    wrote.current = false;
    storage((store) => store.removeItem(key));
  }, [key]);

  // Opening the build: the draft stored for it that holds something else than the build is on screen with
  // the editor's first render, which never shows without it (nor moves down a moment later, under the
  // author's pointer). Any other stored draft (the same values as the build, or unreadable) goes.
  const [found] = useState(() => findOffer(key, baseline, buildUpdatedAt));
  const [offer, setOffer] = useState<DraftOffer | null>(found);
  useEffect(() => {
    if (!found) storage((store) => store.removeItem(key));
  }, [found, key]);

  useEffect(() => {
    clearTimeout(timer.current);
    if (!dirty) {
      pending.current = null;
      // Back to the saved values: a draft this editor wrote no longer holds anything.
      if (wrote.current) forget();
      return;
    }
    pending.current = { key, value: serializeDraft({ form, savedAt: new Date().toISOString(), buildUpdatedAt }) };
    timer.current = setTimeout(flush, SAVE_DELAY_MS);
  }, [key, form, dirty, buildUpdatedAt, flush, forget]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  /**
   * 'Ricarica' after a conflict: the author's form is stored as the draft of the version it was based on
   * and offered back at once, while the editor goes on to show the server's current version. Stored as a
   * draft found rather than written here, so showing that version (no unsaved edits) does not remove it.
   */
  const keep = useCallback(
    (kept: BuildForm, basedOn: string | null) => {
      clearTimeout(timer.current);
      pending.current = null;
      const savedAt = new Date().toISOString();
      storage((store) => store.setItem(key, serializeDraft({ form: kept, savedAt, buildUpdatedAt: basedOn })));
      wrote.current = false;
      setOffer({ form: kept, savedAt, serverChanged: true });
    },
    [key],
  );

  return {
    offer,
    keep,
    /** After a successful save: the server holds the edits. */
    clear: forget,
    /** The author chose the draft: the caller puts `offer.form` into the editor. */
    accept: useCallback(() => setOffer(null), []),
    discard: useCallback(() => {
      setOffer(null);
      // Once the author has edited, the stored draft holds those edits, no longer the one offered.
      if (!wrote.current) storage((store) => store.removeItem(key));
    }, [key]),
  };
}

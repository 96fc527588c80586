/**
 * Saving the build through the route's action (editor-data.ts), and the conflict of decision 006: the
 * save is conditional on the version the form is based on; a build changed elsewhere meanwhile answers
 * 409 and the dialog offers 'Ricarica' (the current version on screen, the author's form kept as the
 * draft and offered back) and 'Sovrascrivi' (the form saved over the current version). Nothing the author
 * typed is lost either way. A new build, once created, is opened on its edit URL, replacing /new.
 */
import { type Dispatch, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { paths } from '../../../../../common/paths';
import { type FieldErrors, fieldMessage, formValues, validateBuildForm } from '../form/build-form';
import type { ConflictChoice } from './conflict-dialog';
import { type EditorActionResult, type EditorJsonIntent, JSON_SUBMIT, markCreated } from '../editor-data';
import type { EditorAction, EditorReducerState } from '../editor-reducer';
import { EDITOR_MESSAGES } from '../editor-messages';
import { submittedIntent } from './submitted-intent';
import type { useDraftRecovery } from './use-draft-recovery';
import { useFetcherResult } from '../../../use-fetcher-result';

export type SaveNotice = { tone: 'success' | 'error' | 'info'; title: string } | null;
/** The conflict dialog while open: the server's message, and why the last choice failed. */
export type Conflict = { message: string; error: string | null } | null;

interface Options {
  state: EditorReducerState;
  dispatch: Dispatch<EditorAction>;
  draft: ReturnType<typeof useDraftRecovery>;
  /** The notice the editor opens with ('Build creata con successo!' after a create). */
  initialNotice: SaveNotice;
  /** Right before leaving for the edit URL after a create: nothing is unsaved any more. */
  markSaved: () => void;
  /** Shows field errors and moves the focus to the first one. */
  showErrors: (errors: FieldErrors) => void;
  /** After 'Ricarica': the draft offer takes the focus, so it is not missed. */
  focusDraft: () => void;
}

export function useBuildSave({ state, dispatch, draft, initialNotice, markSaved, showErrors, focusDraft }: Options) {
  const navigate = useNavigate();
  const fetcher = useFetcher<EditorActionResult>();
  const [notice, setNotice] = useState<SaveNotice>(initialNotice);
  const [conflict, setConflict] = useState<Conflict>(null);
  const pending = fetcher.state === 'idle' ? null : submittedIntent(fetcher.json);
  const saving = pending === 'save' || pending === 'overwrite';
  const choice: ConflictChoice | null = pending === 'reload' ? 'reload' : pending === 'overwrite' ? 'overwrite' : null;

  function submit(intent: EditorJsonIntent) {
    void fetcher.submit(intent, JSON_SUBMIT);
  }

  function failed(message: string, fields: FieldErrors) {
    setNotice({ tone: 'error', title: message });
    // The server prefixes component messages with 'Componente N: ', which the card's title already says.
    const byField = Object.fromEntries(Object.entries(fields).map(([path, text]) => [path, fieldMessage(text)]));
    if (Object.keys(byField).length > 0) showErrors(byField);
  }

  useFetcherResult(fetcher, (result) => {
    if (result.intent === 'reload') {
      if (result.status === 'failed') return setConflict((open) => open && { ...open, error: result.message });
      // The author's form becomes the draft of the version it was based on, offered back at once.
      draft.keep(state.form, state.version);
      dispatch({ type: 'loaded', build: result.build, at: result.at });
      setConflict(null);
      setNotice({ tone: 'info', title: EDITOR_MESSAGES.reloaded });
      focusDraft();
      return;
    }
    if (result.intent !== 'save' && result.intent !== 'overwrite') return;
    switch (result.status) {
      case 'saved':
        draft.clear();
        dispatch({ type: 'loaded', build: result.build, at: result.at });
        setConflict(null);
        if (result.created) {
          markSaved();
          markCreated(result.build.id);
          void navigate(paths.admin.editBuild(result.build.id), { replace: true });
        } else {
          setNotice({ tone: 'success', title: EDITOR_MESSAGES.updated });
        }
        return;
      case 'conflict':
        setNotice({ tone: 'error', title: result.message });
        // Changed once more between the read of 'Sovrascrivi' and its save: the author decides again.
        setConflict({ message: result.message, error: result.intent === 'overwrite' ? EDITOR_MESSAGES.changedAgain : null });
        return;
      case 'failed':
        // 'Sovrascrivi' could not read the current version: nothing was sent, the dialog says why.
        if (result.stage === 'read') return setConflict((open) => open && { ...open, error: result.message });
        setConflict(null);
        failed(result.message, result.fields);
        return;
    }
  }, { answerAtMount: 'apply' });

  return {
    saving,
    notice,
    dismissNotice: () => setNotice(null),
    conflict,
    /** The choice of the conflict dialog under way. */
    choice,
    closeConflict: () => setConflict(null),
    save: () => {
      if (pending) return;
      const errors = validateBuildForm(state.form);
      if (Object.keys(errors).length > 0) {
        setNotice({ tone: 'error', title: EDITOR_MESSAGES.invalid });
        showErrors(errors);
        return;
      }
      setNotice(null);
      submit({ intent: 'save', version: state.version, form: formValues(state.form) });
    },
    reload: () => {
      if (pending) return;
      setConflict((open) => open && { ...open, error: null });
      submit({ intent: 'reload' });
    },
    overwrite: () => {
      if (pending) return;
      setConflict((open) => open && { ...open, error: null });
      setNotice(null);
      submit({ intent: 'overwrite', form: formValues(state.form) });
    },
  };
}

/**
 * Background removal through the editor route's 'remove-background' intent (POST /api/admin/remove-background,
 * so the remove.bg key stays on the server), asked for once per photo: the cut-out is kept in the state,
 * so toggling the checkbox does not call the service again. Choosing another photo while a removal runs
 * resubmits, which drops the older answer; closing the dialog aborts what is still under way.
 */
import { type Dispatch, useEffect } from 'react';
import { IMAGE_SUBMIT, imageIntent } from '../../editor-data';
import { useFetcherResult } from '../../../../use-fetcher-result';
import { type CoverAction, type CoverState, isRemovingBackground, photoNeedingRemoval } from '../cover-state';
import type { ImageFetcher } from './image-fetcher';

export interface BackgroundRemoval {
  /** Asks for the removal of `photo`'s background when `wanted` and not already done for it. */
  request: (wanted: boolean, photo: File | null) => void;
  /** The removal the cover is waiting for is under way. */
  removing: boolean;
}

export function useBackgroundRemoval(fetcher: ImageFetcher, state: CoverState, dispatch: Dispatch<CoverAction>): BackgroundRemoval {
  // Closing the dialog stops the request: its answer would arrive for nobody.
  const { reset } = fetcher;
  useEffect(() => () => reset(), [reset]);

  useFetcherResult(fetcher, (result) => {
    if (result.intent !== 'remove-background') return;
    dispatch(result.status === 'done' ? { type: 'removal-done', png: result.png } : { type: 'removal-failed' });
  }, { answerAtMount: 'apply' });

  function request(wanted: boolean, photo: File | null) {
    const source = photoNeedingRemoval(state, wanted, photo);
    if (!source) return;
    dispatch({ type: 'removal-requested', photo: source });
    void fetcher.submit(imageIntent('remove-background', source, source.name), IMAGE_SUBMIT);
  }

  return { request, removing: isRemovingBackground(state, fetcher.state !== 'idle') };
}

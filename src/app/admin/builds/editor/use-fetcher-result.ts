/**
 * Applies a fetcher's answer once, when it has come back. The route's action only answers (editor-action.ts);
 * what the answer changes on screen (the form, a notice, a dialog) is the screen's state, so it is applied
 * here, after the render that brought it. No request starts here: the fetcher did that when it was submitted,
 * and the router already dropped any answer superseded by a newer submission of the same fetcher.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FetcherWithComponents } from 'react-router';

export function useFetcherResult<T>(fetcher: Pick<FetcherWithComponents<T>, 'state' | 'data'>, onResult: (result: T) => void): void {
  // The latest handler, so the answer meets the form as it is now, not as it was when the request left.
  const handler = useRef(onResult);
  useLayoutEffect(() => {
    handler.current = onResult;
  });
  const applied = useRef<T | undefined>(undefined);
  const { state, data } = fetcher;
  useEffect(() => {
    // null: the fetcher was reset (fetcher.reset()), which is no answer.
    if (state !== 'idle' || data === undefined || data === null || data === applied.current) return;
    applied.current = data;
    handler.current(data);
  }, [state, data]);
}

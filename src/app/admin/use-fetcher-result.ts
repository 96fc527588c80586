/**
 * Runs `onResult` once for each answer a fetcher's submission brings, after the render that brought it.
 * A route's action only answers; what the answer changes on screen (the form, a notice, a dialog closed,
 * focus given back) is the screen's state, so it is applied here. No request starts here: the fetcher did
 * that when it was submitted, and the router already dropped any answer superseded by a newer submission
 * of the same fetcher.
 */
import { useEffect, useEffectEvent, useRef } from 'react';

interface FetcherLike<T> {
  state: 'idle' | 'loading' | 'submitting';
  data: T | undefined | null;
}

export interface FetcherResultOptions {
  /**
   * What to do with an answer the fetcher already holds when the component mounts: 'apply' it (a screen
   * that must show what came back even if it mounted after the answer) or 'ignore' it (it was news to an
   * earlier mount of the screen, which already reacted to it).
   */
  answerAtMount: 'apply' | 'ignore';
}

export function useFetcherResult<T>(fetcher: FetcherLike<T>, onResult: (result: T) => void, { answerAtMount }: FetcherResultOptions): void {
  // The latest handler, so the answer meets the screen as it is now, not as it was when the request left.
  const handle = useEffectEvent(onResult);
  const handled = useRef(answerAtMount === 'ignore' ? fetcher.data : undefined);
  const { state, data } = fetcher;
  useEffect(() => {
    // null: the fetcher was reset (fetcher.reset()), which is no answer.
    if (state !== 'idle' || data === undefined || data === null || data === handled.current) return;
    handled.current = data;
    handle(data);
  }, [state, data]);
}

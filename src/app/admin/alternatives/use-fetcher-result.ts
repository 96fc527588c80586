/**
 * Runs `onResult` once for each answer a fetcher's submission brings, after the page has rendered what
 * the router loaded with it. The screen's reactions to a finished write live here (a notice, a dialog
 * closed, focus given back): the data itself comes from the router, never from this hook.
 */
import { useEffect, useEffectEvent, useRef } from 'react';

interface FetcherLike<T> {
  state: 'idle' | 'loading' | 'submitting';
  data: T | undefined;
}

export function useFetcherResult<T>(fetcher: FetcherLike<T>, onResult: (result: T) => void): void {
  const handle = useEffectEvent(onResult);
  // The answer already there when the component mounted is not news.
  const handled = useRef(fetcher.data);
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== 'idle' || data === undefined || data === handled.current) return;
    handled.current = data;
    handle(data);
  }, [state, data]);
}

/**
 * The shared hook (../../use-fetcher-result.ts) bound to the editor's behaviour, for the cover generator
 * only, which imports it from here; its callers elsewhere pass the option themselves. Delete once the
 * cover generator imports the shared hook.
 */
import { type FetcherResultOptions, useFetcherResult as useSharedFetcherResult } from '../../use-fetcher-result';

const EDITOR: FetcherResultOptions = { answerAtMount: 'apply' };

export function useFetcherResult<T>(fetcher: Parameters<typeof useSharedFetcherResult<T>>[0], onResult: (result: T) => void): void {
  useSharedFetcherResult(fetcher, onResult, EDITOR);
}

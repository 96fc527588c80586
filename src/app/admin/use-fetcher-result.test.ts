// @vitest-environment happy-dom
/** The one reaction to a fetcher's answer: once per answer, when idle, and the answer at mount per the option. */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetcherResultOptions, useFetcherResult } from './use-fetcher-result';

type State = 'idle' | 'loading' | 'submitting';
interface Fetcher {
  state: State;
  data: { n: number } | undefined | null;
}

function mount(first: Fetcher, options: FetcherResultOptions) {
  const onResult = vi.fn<(result: { n: number }) => void>();
  const hook = renderHook((fetcher: Fetcher) => useFetcherResult(fetcher, onResult, options), { initialProps: first });
  return { onResult, rerender: hook.rerender };
}

afterEach(cleanup);

describe('useFetcherResult', () => {
  it('applies each answer once, when the fetcher is idle again', () => {
    const { onResult, rerender } = mount({ state: 'idle', data: undefined }, { answerAtMount: 'ignore' });
    const answer = { n: 1 };
    rerender({ state: 'submitting', data: undefined });
    rerender({ state: 'loading', data: answer });
    expect(onResult).not.toHaveBeenCalled();
    rerender({ state: 'idle', data: answer });
    rerender({ state: 'idle', data: answer });
    expect(onResult.mock.calls).toEqual([[answer]]);
    const next = { n: 2 };
    rerender({ state: 'idle', data: next });
    expect(onResult.mock.calls).toEqual([[answer], [next]]);
  });

  it('a reset fetcher (null) is no answer', () => {
    const { onResult, rerender } = mount({ state: 'idle', data: undefined }, { answerAtMount: 'apply' });
    rerender({ state: 'idle', data: null });
    expect(onResult).not.toHaveBeenCalled();
  });

  it("the answer already there at mount: applied with 'apply', not with 'ignore'", () => {
    const answer = { n: 7 };
    expect(mount({ state: 'idle', data: answer }, { answerAtMount: 'apply' }).onResult.mock.calls).toEqual([[answer]]);
    const ignoring = mount({ state: 'idle', data: answer }, { answerAtMount: 'ignore' });
    expect(ignoring.onResult).not.toHaveBeenCalled();
    const later = { n: 8 };
    ignoring.rerender({ state: 'idle', data: later });
    expect(ignoring.onResult.mock.calls).toEqual([[later]]);
  });

  it('calls the latest handler, not the one of the render that sent the request', () => {
    const seen: string[] = [];
    const hook = renderHook(({ fetcher, label }: { fetcher: Fetcher; label: string }) => useFetcherResult(fetcher, () => seen.push(label), { answerAtMount: 'ignore' }), {
      initialProps: { fetcher: { state: 'submitting', data: undefined }, label: 'old' },
    });
    hook.rerender({ fetcher: { state: 'submitting', data: undefined }, label: 'new' });
    hook.rerender({ fetcher: { state: 'idle', data: { n: 1 } }, label: 'new' });
    expect(seen).toEqual(['new']);
  });
});

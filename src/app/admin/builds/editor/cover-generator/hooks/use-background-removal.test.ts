// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { COVER_MESSAGES, coverReducer, initialCoverState } from '../cover-state';
import type { ImageFetcher } from './image-fetcher';
import { fakeFetcher, sentImage } from './fake-image-fetcher';
import { useBackgroundRemoval } from './use-background-removal';

const photo = (name = 'scheda.png') => new File(['png'], name, { type: 'image/png' });

function render(initial: ImageFetcher) {
  return renderHook(
    ({ fetcher }: { fetcher: ImageFetcher }) => {
      const [state, dispatch] = useReducer(coverReducer, 'PC', initialCoverState);
      return { state, dispatch, removal: useBackgroundRemoval(fetcher, state, dispatch) };
    },
    { initialProps: { fetcher: initial } },
  );
}

/** A photo chosen, the box ticked and the removal requested, on a fresh fetcher. */
function renderWithRemovalRequested() {
  const fetcher = fakeFetcher();
  const { result, rerender } = render(fetcher);
  const chosen = photo();
  act(() => {
    result.current.dispatch({ type: 'photo-chosen', photo: chosen });
    result.current.dispatch({ type: 'remove-background-toggled', checked: true });
  });
  act(() => result.current.removal.request(true, chosen));
  return { fetcher, result, rerender, chosen };
}

describe('useBackgroundRemoval', () => {
  it("sends the photo as the 'remove-background' intent, once, and keeps the cut-out for it", () => {
    const { fetcher, result, rerender, chosen } = renderWithRemovalRequested();
    expect(fetcher.submit).toHaveBeenCalledOnce();
    const sent = sentImage(fetcher);
    expect(sent.intent).toBe('remove-background');
    expect(sent.image.name).toBe('scheda.png');
    expect(result.current.state.removalOf).toBe(chosen);

    const submitting = { ...fetcher, state: 'submitting' as const };
    rerender({ fetcher: submitting });
    expect(result.current.removal.removing).toBe(true);

    const png = new Blob(['cut'], { type: 'image/png' });
    rerender({ fetcher: { ...fetcher, state: 'idle', data: { intent: 'remove-background', status: 'done', png } } });
    expect(result.current.removal.removing).toBe(false);
    expect(result.current.state.cutOut).toEqual({ source: chosen, png });

    // Unticked and ticked again: the cut-out is reused, no second request.
    act(() => result.current.removal.request(true, chosen));
    expect(fetcher.submit).toHaveBeenCalledOnce();
  });

  it('no request when not wanted or without a photo', () => {
    const fetcher = fakeFetcher();
    const { result } = render(fetcher);
    act(() => result.current.removal.request(false, photo()));
    act(() => result.current.removal.request(true, null));
    expect(fetcher.submit).not.toHaveBeenCalled();
  });

  it('a failure for the photo on the cover: the message and the box unticked', () => {
    const { fetcher, result, rerender, chosen } = renderWithRemovalRequested();
    rerender({ fetcher: { ...fetcher, data: { intent: 'remove-background', status: 'failed' } } });
    expect(result.current.state).toMatchObject({ error: COVER_MESSAGES.backgroundRemovalFailed, removeBackground: false, photo: chosen });
  });

  it("another intent's answer is not for it", () => {
    const fetcher = fakeFetcher();
    const { result, rerender } = render(fetcher);
    const chosen = photo();
    act(() => result.current.removal.request(true, chosen));
    const before = result.current.state;
    rerender({ fetcher: { ...fetcher, data: { intent: 'upload', status: 'done', url: '/uploads/x.webp' } } });
    expect(result.current.state).toBe(before);
  });

  it('closing the dialog stops the request', () => {
    const fetcher = fakeFetcher();
    const { unmount } = render(fetcher);
    expect(fetcher.reset).not.toHaveBeenCalled();
    unmount();
    expect(fetcher.reset).toHaveBeenCalledOnce();
  });
});

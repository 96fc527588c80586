// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCoverPhoto } from './use-cover-photo';

interface FakeImage {
  name: string;
  close: () => void;
}

/** decode() answers when the test says so, one pending decode per source. */
function fakeDecoder() {
  const pending = new Map<Blob, { resolve: (image: FakeImage) => void; reject: (error: Error) => void }>();
  const decode = vi.fn(
    (source: Blob) =>
      new Promise<FakeImage>((resolve, reject) => {
        pending.set(source, { resolve, reject });
      }),
  );
  const image = (name: string): FakeImage => ({ name, close: vi.fn() });
  return { decode, pending, image };
}

function render(source: Blob | null, decoder: ReturnType<typeof fakeDecoder>) {
  const dispatch = vi.fn();
  const hook = renderHook(({ source }: { source: Blob | null }) => useCoverPhoto(source, decoder.decode, dispatch), { initialProps: { source } });
  return { ...hook, dispatch };
}

describe('useCoverPhoto', () => {
  it('nothing to draw without a source; the decoded image once it is ready', async () => {
    const decoder = fakeDecoder();
    const { result, rerender } = render(null, decoder);
    expect(result.current).toBeNull();
    expect(decoder.decode).not.toHaveBeenCalled();

    const photo = new Blob(['a']);
    rerender({ source: photo });
    expect(decoder.decode).toHaveBeenCalledWith(photo);
    expect(result.current).toBeNull();
    const decoded = decoder.image('a');
    await act(async () => decoder.pending.get(photo)!.resolve(decoded));
    expect(result.current).toBe(decoded);
  });

  it('keeps the last image while its replacement decodes, then closes it; none as soon as the source is removed', async () => {
    const decoder = fakeDecoder();
    const first = new Blob(['a']);
    const { result, rerender } = render(first, decoder);
    const a = decoder.image('a');
    await act(async () => decoder.pending.get(first)!.resolve(a));

    const second = new Blob(['b']);
    rerender({ source: second });
    expect(result.current).toBe(a);
    const b = decoder.image('b');
    await act(async () => decoder.pending.get(second)!.resolve(b));
    expect(result.current).toBe(b);
    expect(a.close).toHaveBeenCalledOnce();

    rerender({ source: null });
    expect(result.current).toBeNull();
  });

  it('closes the image of a source replaced before it was decoded, and never shows it', async () => {
    const decoder = fakeDecoder();
    const first = new Blob(['a']);
    const { result, rerender } = render(first, decoder);
    const second = new Blob(['b']);
    rerender({ source: second });
    const late = decoder.image('late');
    await act(async () => decoder.pending.get(first)!.resolve(late));
    expect(late.close).toHaveBeenCalledOnce();
    expect(result.current).toBeNull();
  });

  it('an unreadable picture is reported, unless its source was replaced meanwhile', async () => {
    const decoder = fakeDecoder();
    const first = new Blob(['a']);
    const { rerender, dispatch } = render(first, decoder);
    await act(async () => decoder.pending.get(first)!.reject(new Error('not an image')));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith({ type: 'image-unreadable' }));

    dispatch.mockClear();
    const second = new Blob(['b']);
    rerender({ source: second });
    rerender({ source: new Blob(['c']) });
    await act(async () => decoder.pending.get(second)!.reject(new Error('not an image')));
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('closes the image shown when the dialog closes', async () => {
    const decoder = fakeDecoder();
    const photo = new Blob(['a']);
    const { unmount } = render(photo, decoder);
    const decoded = decoder.image('a');
    await act(async () => decoder.pending.get(photo)!.resolve(decoded));
    expect(decoded.close).not.toHaveBeenCalled();
    unmount();
    expect(decoded.close).toHaveBeenCalledOnce();
  });
});

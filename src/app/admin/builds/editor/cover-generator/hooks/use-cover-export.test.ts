// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CoverCanvas } from '../cover-canvas';
import { COVER_MESSAGES, coverReducer, initialCoverState } from '../cover-state';
import type { ImageFetcher } from './image-fetcher';
import { fakeFetcher, sentImage } from './fake-image-fetcher';
import { useCoverExport } from './use-cover-export';

const PNG = new Blob(['png'], { type: 'image/png' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The canvas's PNG comes when the test says so (or fails to). */
function fakeCanvas(mounted = true) {
  const png = deferred<Blob>();
  const toPng = vi.fn(() => png.promise);
  const canvas: CoverCanvas = { attach: vi.fn(), paint: vi.fn(() => null), measure: () => null, mounted: () => mounted, toPng };
  return { canvas, toPng, png };
}

function render(fetcher: ImageFetcher, canvas: CoverCanvas) {
  const draw = vi.fn();
  const onGenerated = vi.fn();
  const onClose = vi.fn();
  const hook = renderHook(
    ({ fetcher }: { fetcher: ImageFetcher }) => {
      const [state, dispatch] = useReducer(coverReducer, 'PC', initialCoverState);
      return { state, dispatch, cover: useCoverExport({ fetcher, canvas, draw, exporting: state.exporting, dispatch, onGenerated, onClose }) };
    },
    { initialProps: { fetcher } },
  );
  return { ...hook, draw, onGenerated, onClose };
}

describe('useCoverExport', () => {
  it("paints, exports the canvas and uploads the PNG through the 'upload' intent; busy meanwhile", async () => {
    const fetcher = fakeFetcher();
    const { canvas, toPng, png } = fakeCanvas();
    const { result, draw } = render(fetcher, canvas);
    act(() => result.current.dispatch({ type: 'upload-failed' }));

    let generated!: Promise<void>;
    act(() => {
      generated = result.current.cover.generate();
    });
    expect(draw).toHaveBeenCalledOnce();
    expect(toPng).toHaveBeenCalledOnce();
    expect(draw.mock.invocationCallOrder[0]).toBeLessThan(toPng.mock.invocationCallOrder[0]!);
    expect(result.current.state).toMatchObject({ exporting: true, error: null });
    expect(result.current.cover.uploading).toBe(true);

    await act(async () => {
      png.resolve(PNG);
      await generated;
    });
    expect(result.current.state.exporting).toBe(false);
    expect(fetcher.submit).toHaveBeenCalledOnce();
    const sent = sentImage(fetcher);
    expect(sent.intent).toBe('upload');
    expect(sent.image.type).toBe('image/png');
    // Its name, copertina.png, is checked by the browser test (tests/builds/admin-editor-parts.e2e.test.ts):
    // happy-dom's FormData names every appended Blob 'blob'.
  });

  it('busy while the upload runs: a second click does nothing', async () => {
    const fetcher = fakeFetcher('submitting');
    const { canvas, toPng } = fakeCanvas();
    const { result } = render(fetcher, canvas);
    expect(result.current.cover.uploading).toBe(true);
    await act(() => result.current.cover.generate());
    expect(toPng).not.toHaveBeenCalled();
    expect(fetcher.submit).not.toHaveBeenCalled();
  });

  it('nothing without the canvas', async () => {
    const fetcher = fakeFetcher();
    const { canvas, toPng } = fakeCanvas(false);
    const { result, draw } = render(fetcher, canvas);
    await act(() => result.current.cover.generate());
    expect(draw).not.toHaveBeenCalled();
    expect(toPng).not.toHaveBeenCalled();
    expect(result.current.state.exporting).toBe(false);
  });

  it('a canvas that cannot be exported: the upload message, nothing sent', async () => {
    const fetcher = fakeFetcher();
    const { canvas, png } = fakeCanvas();
    const { result } = render(fetcher, canvas);
    png.reject(new Error('canvas vuoto'));
    await act(() => result.current.cover.generate());
    expect(result.current.state).toMatchObject({ exporting: false, error: COVER_MESSAGES.uploadFailed });
    expect(fetcher.submit).not.toHaveBeenCalled();
  });

  it('the uploaded URL goes back to the editor and the dialog closes; a refused upload shows the message', () => {
    const fetcher = fakeFetcher();
    const { canvas } = fakeCanvas();
    const { result, rerender, onGenerated, onClose } = render(fetcher, canvas);
    rerender({ fetcher: { ...fetcher, data: { intent: 'upload', status: 'failed', detail: null } } });
    expect(result.current.state.error).toBe(COVER_MESSAGES.uploadFailed);
    expect(onGenerated).not.toHaveBeenCalled();

    rerender({ fetcher: { ...fetcher, data: { intent: 'upload', status: 'done', url: '/uploads/abc-1280.webp' } } });
    expect(onGenerated).toHaveBeenCalledWith('/uploads/abc-1280.webp');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("another intent's answer is not for it; closing the dialog stops the upload", () => {
    const fetcher = fakeFetcher();
    const { canvas } = fakeCanvas();
    const { result, rerender, onGenerated, unmount } = render(fetcher, canvas);
    const before = result.current.state;
    rerender({ fetcher: { ...fetcher, data: { intent: 'remove-background', status: 'failed' } } });
    expect(result.current.state).toBe(before);
    expect(onGenerated).not.toHaveBeenCalled();
    unmount();
    expect(fetcher.reset).toHaveBeenCalledOnce();
  });
});

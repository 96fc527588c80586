// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CoverCanvas } from '../cover-canvas';
import { autoFitFontSize, type MeasureText } from '../cover-layout';
import type { CoverContent, DrawnText } from '../draw-cover';
import { useCoverLayout } from './use-cover-layout';

/** A monospaced stand-in for the canvas: every character is half the font size wide. */
const mono: MeasureText = (text, fontSize) => [...text].length * fontSize * 0.5;

function fakeCanvas(mounted = true) {
  const paint = vi.fn((content: CoverContent): DrawnText | null => (mounted ? { fontSize: content.fontSize - 4, truncated: false } : null));
  const canvas: CoverCanvas = {
    attach: vi.fn(),
    paint,
    measure: () => (mounted ? mono : null),
    mounted: () => mounted,
    toPng: vi.fn(() => Promise.resolve(new Blob())),
  };
  return { canvas, paint };
}

const content = (overrides: Partial<CoverContent> = {}): CoverContent => ({ text: 'PC Gaming', fontSize: 48, color: '#ffffff', position: 'center', image: null, ...overrides });

function render(canvas: CoverCanvas, initial: CoverContent) {
  const dispatch = vi.fn();
  const hook = renderHook(({ content }: { content: CoverContent }) => useCoverLayout(canvas, content, dispatch), { initialProps: { content: initial } });
  return { ...hook, dispatch };
}

describe('useCoverLayout', () => {
  it('paints on the next frame and reports the size drawn', async () => {
    const { canvas, paint } = fakeCanvas();
    const { dispatch } = render(canvas, content());
    expect(paint).not.toHaveBeenCalled();
    await waitFor(() => expect(paint).toHaveBeenCalledWith(content()));
    expect(dispatch).toHaveBeenCalledWith({ type: 'drawn', drawn: { fontSize: 44, truncated: false } });
  });

  it('changes before the frame make one repaint, of the latest content', async () => {
    const { canvas, paint } = fakeCanvas();
    const { rerender } = render(canvas, content());
    rerender({ content: content({ fontSize: 60 }) });
    rerender({ content: content({ fontSize: 72, position: 'top' }) });
    await waitFor(() => expect(paint).toHaveBeenCalled());
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(paint).toHaveBeenCalledOnce();
    expect(paint).toHaveBeenCalledWith(content({ fontSize: 72, position: 'top' }));
  });

  it('draw() paints now', () => {
    const { canvas, paint } = fakeCanvas();
    const { result } = render(canvas, content({ color: '#ffcc00' }));
    act(() => result.current.draw());
    expect(paint).toHaveBeenCalledWith(content({ color: '#ffcc00' }));
  });

  it('auto-fit sets the size that fits, measured on the canvas, with and without an image', () => {
    const { canvas } = fakeCanvas();
    const { result, rerender, dispatch } = render(canvas, content({ text: 'PC' }));
    act(() => result.current.autoFit());
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'font-size-changed', fontSize: autoFitFontSize('PC', false, mono) });
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'font-size-changed', fontSize: 250 });

    rerender({ content: content({ text: 'PC', image: { width: 400, height: 300, close: vi.fn() } }) });
    act(() => result.current.autoFit());
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'font-size-changed', fontSize: 200 });
  });

  it('nothing drawn or fitted while the canvas is not there', async () => {
    const { canvas, paint } = fakeCanvas(false);
    const { result, dispatch } = render(canvas, content());
    await waitFor(() => expect(paint).toHaveBeenCalled());
    act(() => result.current.autoFit());
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('a frame still pending when the dialog closes is cancelled', async () => {
    const { canvas, paint } = fakeCanvas();
    const { unmount } = render(canvas, content());
    unmount();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(paint).not.toHaveBeenCalled();
  });
});

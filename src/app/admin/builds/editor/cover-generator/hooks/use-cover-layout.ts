/**
 * The preview: the cover repainted on the next animation frame whenever what it shows changes, the text
 * size actually drawn reported to the state, and auto-fit measured on the same canvas.
 */
import { type Dispatch, useCallback, useEffect } from 'react';
import { autoFitFontSize } from '../cover-layout';
import type { CoverCanvas } from '../cover-canvas';
import type { CoverAction } from '../cover-state';
import type { CoverContent } from '../draw-cover';

export interface CoverLayout {
  /** Paints now (the pending frame may not have run yet). */
  draw: () => void;
  /** Sets the text size to the largest that fits (cover-layout.ts's auto-fit). */
  autoFit: () => void;
}

/** `canvas` must keep its identity across renders. */
export function useCoverLayout(canvas: CoverCanvas, content: CoverContent, dispatch: Dispatch<CoverAction>): CoverLayout {
  const { text, fontSize, color, position, image } = content;

  const draw = useCallback(() => {
    const drawn = canvas.paint({ text, fontSize, color, position, image });
    if (drawn) dispatch({ type: 'drawn', drawn });
  }, [canvas, dispatch, text, fontSize, color, position, image]);

  // One repaint per frame at most, however fast the slider or the text changes.
  useEffect(() => {
    const frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [draw]);

  const hasImage = image !== null;
  const autoFit = useCallback(() => {
    const measure = canvas.measure();
    if (measure) dispatch({ type: 'font-size-changed', fontSize: autoFitFontSize(text, hasImage, measure) });
  }, [canvas, dispatch, text, hasImage]);

  return { draw, autoFit };
}

/**
 * The dialog's canvas behind a small interface: the hooks paint, measure and export through it, so they
 * can be tested without a real canvas (happy-dom has none). Browser only.
 */
import type { MeasureText } from './cover-layout';
import { canvasMeasure, type CoverContent, drawCover, type DrawnText } from './draw-cover';

export interface CoverCanvas {
  /** The callback ref of the <canvas> element. */
  attach: (element: HTMLCanvasElement | null) => void;
  /** Paints the cover now; null while the canvas is not mounted. */
  paint: (content: CoverContent) => DrawnText | null;
  /** Text widths as the canvas draws them; null while the canvas is not mounted. */
  measure: () => MeasureText | null;
  /** The canvas is mounted, so there is something to export. */
  mounted: () => boolean;
  /** The canvas as it is now, as a PNG. */
  toPng: () => Promise<Blob>;
}

/** A canvas element, known once React attaches it (`attach` as its callback ref). Make one per dialog. */
export function elementCoverCanvas(): CoverCanvas {
  let canvas: HTMLCanvasElement | null = null;
  const context = () => canvas?.getContext('2d') ?? null;
  return {
    attach(element) {
      canvas = element;
    },
    paint(content) {
      const ctx = context();
      return ctx ? drawCover(ctx, content) : null;
    },
    measure() {
      const ctx = context();
      return ctx ? canvasMeasure(ctx) : null;
    },
    mounted: () => canvas !== null,
    toPng() {
      const element = canvas;
      if (!element) return Promise.reject(new Error('canvas assente'));
      return new Promise((resolve, reject) => element.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas vuoto'))), 'image/png'));
    },
  };
}

/**
 * The page script of scripts/demo-covers.ts, run in Chromium: the cover generator's own geometry and
 * painting (src/app/admin/builds/editor/cover-generator/), as the editor's 'Genera Copertina' uses them
 * when the author opens it on a build, presses 'Adatta automaticamente' and adds no photo: the title,
 * auto-fitted, white, centred, on the violet gradient.
 */
import { autoFitFontSize, CANVAS_HEIGHT, CANVAS_WIDTH, DEFAULT_TEXT_COLOR } from '../src/app/admin/builds/editor/cover-generator/cover-layout';
import { canvasMeasure, drawCover } from '../src/app/admin/builds/editor/cover-generator/draw-cover';

/** The cover of `title` as a PNG data URL, and the text size drawn. */
function renderDemoCover(title: string): { png: string; fontSize: number } {
  const canvas = document.createElement('canvas');
  canvas.width = CANVAS_WIDTH;
  canvas.height = CANVAS_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2D non disponibile');
  const fontSize = autoFitFontSize(title, false, canvasMeasure(ctx));
  const drawn = drawCover(ctx, { text: title, fontSize, color: DEFAULT_TEXT_COLOR, position: 'center', image: null });
  return { png: canvas.toDataURL('image/png'), fontSize: drawn.fontSize };
}

(window as unknown as { renderDemoCover: typeof renderDemoCover }).renderDemoCover = renderDemoCover;

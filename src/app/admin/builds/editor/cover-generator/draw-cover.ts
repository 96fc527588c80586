/** Paints the cover on a 2D canvas with the geometry of cover-layout.ts. Browser only. */
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  fontFor,
  GRADIENT_FROM,
  GRADIENT_TO,
  imageRect,
  layoutText,
  type MeasureText,
  type TextPosition,
} from './cover-layout';

export interface CoverContent {
  text: string;
  fontSize: number;
  color: string;
  position: TextPosition;
  /** The product photo (possibly without background), or null. */
  image: ImageBitmap | null;
}

/** Text widths as the canvas will draw them. */
export function canvasMeasure(ctx: CanvasRenderingContext2D): MeasureText {
  return (text, fontSize) => {
    ctx.font = fontFor(fontSize);
    return ctx.measureText(text).width;
  };
}

/** What drawCover drew of the text. */
export interface DrawnText {
  /** The text size drawn: smaller than asked when that would leave the safe area. */
  fontSize: number;
  /** The text did not fit even at the smallest size: its end was cut, with an ellipsis. */
  truncated: boolean;
}

/** Paints the cover; returns the text size drawn and whether the text had to be cut to stay in the safe area. */
export function drawCover(ctx: CanvasRenderingContext2D, { text, fontSize, color, position, image }: CoverContent): DrawnText {
  const gradient = ctx.createLinearGradient(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  gradient.addColorStop(0, GRADIENT_FROM);
  gradient.addColorStop(1, GRADIENT_TO);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);

  if (image) {
    const rect = imageRect(image.width, image.height);
    ctx.drawImage(image, rect.x, rect.y, rect.width, rect.height);
  }

  const layout = layoutText(text, fontSize, image !== null, position, canvasMeasure(ctx));
  ctx.save();
  ctx.font = fontFor(layout.fontSize);
  ctx.fillStyle = color;
  ctx.textAlign = layout.align;
  ctx.textBaseline = 'middle';
  // A soft shadow keeps light text readable where the gradient is lightest.
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = Math.max(4, layout.fontSize / 10);
  ctx.shadowOffsetY = Math.max(1, layout.fontSize / 40);
  for (const line of layout.lines) ctx.fillText(line.text, line.x, line.y);
  ctx.restore();
  return { fontSize: layout.fontSize, truncated: layout.truncated };
}

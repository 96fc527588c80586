/**
 * Geometry of the generated cover (product spec, "Business constants and limits"), free of any canvas so it can be
 * unit-tested: the caller passes `measure(text, fontSize)`, the width of `text` in the cover font at that size.
 *
 * Canvas 1280x720. With an image, the image is contained in the left 40% (512 px) and the text sits in
 * the right 60% (768 px), left-aligned. Without an image the left 40% would stay empty, so the text
 * takes the full width, centred (this is also why auto-fit starts higher then: 250 px instead of 200).
 * The text box is 80% of the canvas height (576 px, centred), the most the spec lets the text take;
 * top / center / bottom place the text block inside it. It is the safe area: no line is ever placed
 * outside it. A text too long for it even at the smallest size keeps the lines that fit, the last one
 * ending with an ellipsis.
 */

export const CANVAS_WIDTH = 1280;
export const CANVAS_HEIGHT = 720;
/** Share of the width given to the product image. */
export const IMAGE_AREA_RATIO = 0.4;
/** The text may take at most this share of the canvas height. */
export const MAX_TEXT_HEIGHT_RATIO = 0.8;
export const PADDING = 48;
export const LINE_HEIGHT_RATIO = 1.2;

export const FONT_SIZE_MIN = 24;
export const FONT_SIZE_MAX = 120;
export const FONT_SIZE_DEFAULT = 48;
export const AUTO_FIT_START_WITH_IMAGE = 200;
export const AUTO_FIT_START_WITHOUT_IMAGE = 250;
export const AUTO_FIT_STEP = 2;
export const AUTO_FIT_MIN = 20;

/** The most characters the generator's text field takes: a cover title (a build title has at most 300). */
export const COVER_TEXT_MAX_LENGTH = 300;
/** Ends the last line of a text cut because it does not fit the safe area. */
export const ELLIPSIS = '…';

export const FONT_FAMILY = 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
export const GRADIENT_FROM = '#7c3aed';
export const GRADIENT_TO = '#1e1b4b';
export const DEFAULT_TEXT_COLOR = '#ffffff';

export type TextPosition = 'top' | 'center' | 'bottom';
export type MeasureText = (text: string, fontSize: number) => number;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const IMAGE_AREA_WIDTH = CANVAS_WIDTH * IMAGE_AREA_RATIO;
const TEXT_BOX_HEIGHT = CANVAS_HEIGHT * MAX_TEXT_HEIGHT_RATIO;
const TEXT_BOX_TOP = (CANVAS_HEIGHT - TEXT_BOX_HEIGHT) / 2;

export function fontFor(fontSize: number): string {
  return `bold ${fontSize}px ${FONT_FAMILY}`;
}

/** Where the text may go: the right 60% beside an image, the whole width without one. */
export function textBox(hasImage: boolean): Box {
  const left = hasImage ? IMAGE_AREA_WIDTH + PADDING / 2 : PADDING;
  return { x: left, y: TEXT_BOX_TOP, width: CANVAS_WIDTH - PADDING - left, height: TEXT_BOX_HEIGHT };
}

/** The image scaled to fit (aspect kept, enlarged if small) and centred in the left 40%, inside the padding. */
export function imageRect(imageWidth: number, imageHeight: number): Box {
  const area = { x: PADDING, y: PADDING, width: IMAGE_AREA_WIDTH - PADDING * 1.5, height: CANVAS_HEIGHT - PADDING * 2 };
  if (imageWidth <= 0 || imageHeight <= 0) return { ...area, width: 0, height: 0 };
  const scale = Math.min(area.width / imageWidth, area.height / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height };
}

export interface WrappedText {
  lines: string[];
  /** True when a word alone was wider than the box and had to be split across lines. */
  splitWords: boolean;
}

/** Splits a word wider than `maxWidth` into the longest pieces that fit (at least one character each). */
function splitWord(word: string, fontSize: number, maxWidth: number, measure: MeasureText): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Word-wraps `text` to `maxWidth`. Line breaks typed by the author are kept (an empty line stays an
 * empty line); runs of spaces collapse. A word wider than the box is split so that no line overflows.
 */
export function wrapText(text: string, fontSize: number, maxWidth: number, measure: MeasureText): WrappedText {
  const lines: string[] = [];
  let splitWords = false;
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (measure(word, fontSize) <= maxWidth) {
        line = word;
        continue;
      }
      splitWords = true;
      const pieces = splitWord(word, fontSize, maxWidth, measure);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
    lines.push(line);
  }
  // Blank lines at the very start or end only push the text off its position.
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return { lines, splitWords };
}

export function lineHeight(fontSize: number): number {
  return fontSize * LINE_HEIGHT_RATIO;
}

/** Whether `text` at `size` fits the text box: at most 80% of the canvas height, every word whole. */
function fits(text: string, size: number, box: Box, measure: MeasureText): boolean {
  const { lines, splitWords } = wrapText(text, size, box.width, measure);
  return !splitWords && lines.length * lineHeight(size) <= box.height;
}

/**
 * The largest size, from 200 px (250 without an image) down by 2 px, at which the wrapped text is at
 * most 80% of the canvas height and every word fits the box whole; 20 px when none does.
 */
export function autoFitFontSize(text: string, hasImage: boolean, measure: MeasureText): number {
  const box = textBox(hasImage);
  for (let size = hasImage ? AUTO_FIT_START_WITH_IMAGE : AUTO_FIT_START_WITHOUT_IMAGE; size >= AUTO_FIT_MIN; size -= AUTO_FIT_STEP) {
    if (fits(text, size, box, measure)) return size;
  }
  return AUTO_FIT_MIN;
}

/**
 * The size the cover is drawn at: the one asked for when the text fits, else the largest smaller one that
 * does (down to 20 px, where a long word is split rather than run off the canvas, and a text still too
 * long is cut by layoutText). The size asked for can stop fitting without the author touching it, e.g. an
 * auto-fitted text when an image then takes 40% of the width: the text must never leave the safe area,
 * on screen or in the uploaded file.
 */
export function fittedFontSize(text: string, requested: number, hasImage: boolean, measure: MeasureText): number {
  const box = textBox(hasImage);
  for (let size = requested; size > AUTO_FIT_MIN; size -= 1) {
    if (fits(text, size, box, measure)) return size;
  }
  return Math.min(requested, AUTO_FIT_MIN);
}

/** The slider's value for a size: auto-fit may go beyond the slider's 24-120 range, the slider shows its nearest end. */
export function sliderValue(fontSize: number): number {
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, fontSize));
}

export interface PlacedLine {
  text: string;
  x: number;
  /** Vertical middle of the line (draw with textBaseline 'middle'). */
  y: number;
}

export interface TextLayout {
  /** The size drawn: the one asked for, or smaller when that would not fit (fittedFontSize). */
  fontSize: number;
  lines: PlacedLine[];
  align: 'left' | 'center';
  /** The block's bounds, always inside the text box. */
  block: Box;
  /** True when the text did not fit even at the size drawn: the lines that fit are kept, the last ending with '…'. */
  truncated: boolean;
}

/** How many lines of `step` px fit in `height` px (the same test as `fits`, without rounding surprises). */
function linesThatFit(height: number, step: number): number {
  let count = Math.floor(height / step);
  while (count > 0 && count * step > height) count -= 1;
  while ((count + 1) * step <= height) count += 1;
  return count;
}

/**
 * `line` ended with an ellipsis, shortened until the whole fits `maxWidth`: cut back to the last whole word
 * when there is one before the cut, else character by character (a long word alone on its line).
 */
function withEllipsis(line: string, fontSize: number, maxWidth: number, measure: MeasureText): string {
  const full = line.trimEnd();
  const fitsWidth = (candidate: string) => measure(candidate + ELLIPSIS, fontSize) <= maxWidth;
  if (fitsWidth(full)) return full + ELLIPSIS;
  const chars = [...full];
  while (chars.length > 0 && !fitsWidth(chars.join(''))) chars.pop();
  let kept = chars.join('');
  const midWord = kept.length > 0 && full[kept.length] !== ' ' && !kept.endsWith(' ');
  const lastSpace = kept.lastIndexOf(' ');
  if (midWord && lastSpace > 0) kept = kept.slice(0, lastSpace);
  return kept.trimEnd() + ELLIPSIS;
}

/**
 * Lines placed in the text box: left-aligned beside an image, centred without; top, center or bottom.
 * Every line lies inside the text box (the safe area): when the wrapped text is taller than the box even
 * at the size drawn, only the lines that fit are kept and the last one ends with an ellipsis.
 */
export function layoutText(text: string, requestedSize: number, hasImage: boolean, position: TextPosition, measure: MeasureText): TextLayout {
  const box = textBox(hasImage);
  const fontSize = fittedFontSize(text, requestedSize, hasImage, measure);
  const step = lineHeight(fontSize);
  const wrapped = wrapText(text, fontSize, box.width, measure).lines;
  const room = linesThatFit(box.height, step);
  const truncated = wrapped.length > room;
  const lines = truncated && room > 0 ? [...wrapped.slice(0, room - 1), withEllipsis(wrapped[room - 1]!, fontSize, box.width, measure)] : wrapped.slice(0, room);
  const height = lines.length * step;
  const top = position === 'top' ? box.y : position === 'bottom' ? box.y + box.height - height : box.y + (box.height - height) / 2;
  const align = hasImage ? 'left' : 'center';
  const x = align === 'left' ? box.x : box.x + box.width / 2;
  return {
    fontSize,
    align,
    lines: lines.map((line, index) => ({ text: line, x, y: top + index * step + step / 2 })),
    block: { x: box.x, y: top, width: box.width, height },
    truncated,
  };
}

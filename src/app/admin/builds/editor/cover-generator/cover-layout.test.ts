import { describe, expect, it } from 'vitest';
import {
  autoFitFontSize,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  ELLIPSIS,
  fittedFontSize,
  imageRect,
  layoutText,
  lineHeight,
  type MeasureText,
  PADDING,
  sliderValue,
  textBox,
  type TextLayout,
  wrapText,
} from './cover-layout';

/** A monospaced stand-in for the canvas: every character is half the font size wide. */
const mono: MeasureText = (text, fontSize) => [...text].length * fontSize * 0.5;
const MAX_TEXT_HEIGHT = CANVAS_HEIGHT * 0.8;

describe('text box', () => {
  it('beside an image: inside the right 60% of the canvas, with padding', () => {
    const box = textBox(true);
    expect(box.x).toBeGreaterThanOrEqual(CANVAS_WIDTH * 0.4);
    expect(box.x + box.width).toBe(CANVAS_WIDTH - PADDING);
    expect(box.height).toBe(576);
    expect(box.y).toBe(72);
  });

  it('without an image: the full width minus the padding', () => {
    expect(textBox(false)).toEqual({ x: PADDING, y: 72, width: CANVAS_WIDTH - 2 * PADDING, height: 576 });
  });
});

describe('imageRect', () => {
  it('keeps the aspect ratio and stays inside the left 40%', () => {
    for (const [w, h] of [[1000, 500], [300, 900], [50, 50], [4000, 3000]] as const) {
      const rect = imageRect(w, h);
      expect(rect.width / rect.height).toBeCloseTo(w / h, 6);
      // 1e-9: floating-point rounding of the centring
      expect(rect.x).toBeGreaterThanOrEqual(PADDING - 1e-9);
      expect(rect.x + rect.width).toBeLessThanOrEqual(CANVAS_WIDTH * 0.4);
      expect(rect.y).toBeGreaterThanOrEqual(PADDING - 1e-9);
      expect(rect.y + rect.height).toBeLessThanOrEqual(CANVAS_HEIGHT - PADDING + 1e-9);
    }
  });

  it('fills the area along the limiting side and centres the other', () => {
    const wide = imageRect(1000, 100);
    const tall = imageRect(100, 1000);
    expect(wide.width).toBeGreaterThan(tall.width);
    expect(tall.height).toBe(CANVAS_HEIGHT - 2 * PADDING);
    expect(wide.y + wide.height / 2).toBeCloseTo(CANVAS_HEIGHT / 2, 6);
  });
});

describe('wrapText', () => {
  it('puts as many words on a line as fit', () => {
    // 10 px per character at size 20: 100 px holds 10 characters.
    expect(wrapText('uno due tre quattro cinque', 20, 100, mono)).toEqual({ lines: ['uno due', 'tre', 'quattro', 'cinque'], splitWords: false });
    expect(wrapText('uno due', 20, 70, mono).lines).toEqual(['uno due']);
  });

  it("keeps the author's line breaks and empty lines between paragraphs, collapses spaces, trims blank edges", () => {
    expect(wrapText('\nPC  Gaming\n\n1440p\n\n', 20, 1000, mono).lines).toEqual(['PC Gaming', '', '1440p']);
    expect(wrapText('a\r\nb', 20, 1000, mono).lines).toEqual(['a', 'b']);
  });

  it('splits a word wider than the box so that no line overflows', () => {
    const { lines, splitWords } = wrapText('Supercalifragilistichespiralidoso ok', 20, 100, mono);
    expect(splitWords).toBe(true);
    expect(lines.join('')).toBe('Supercalifragilistichespiralidoso ok');
    expect(lines.slice(0, 3)).toEqual(['Supercalif', 'ragilistic', 'hespiralid']);
    expect(lines.at(-1)).toBe('oso ok');
    for (const line of lines) expect(mono(line, 20)).toBeLessThanOrEqual(100);
  });

  it('gives no lines for empty or blank text', () => {
    expect(wrapText('', 48, 500, mono).lines).toEqual([]);
    expect(wrapText('  \n ', 48, 500, mono).lines).toEqual([]);
  });
});

describe('autoFitFontSize', () => {
  it('starts at 200 px with an image and 250 px without', () => {
    expect(autoFitFontSize('PC', true, mono)).toBe(200);
    expect(autoFitFontSize('PC', false, mono)).toBe(250);
    expect(autoFitFontSize('', true, mono)).toBe(200);
  });

  it('shrinks by 2 px: the result is the first size from the start whose text fits', () => {
    const text = 'PC Gaming da 1200 euro con RTX 5070';
    for (const hasImage of [true, false]) {
      const size = autoFitFontSize(text, hasImage, mono);
      const start = hasImage ? 200 : 250;
      expect((start - size) % 2).toBe(0);
      expect(size).toBeLessThan(start);
      const fits = (s: number) => {
        const { lines, splitWords } = wrapText(text, s, textBox(hasImage).width, mono);
        return !splitWords && lines.length * lineHeight(s) <= MAX_TEXT_HEIGHT;
      };
      expect(fits(size)).toBe(true);
      expect(fits(size + 2)).toBe(false);
    }
  });

  it('keeps the wrapped text within 80% of the canvas height', () => {
    const text = 'Workstation per 3D, CAD e intelligenza artificiale con Core Ultra 9 285K e RTX 5080';
    const size = autoFitFontSize(text, true, mono);
    const { lines } = wrapText(text, size, textBox(true).width, mono);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length * lineHeight(size)).toBeLessThanOrEqual(576);
  });

  it('height decides for many short lines: 4 lines of 1.2 × size must fit in 576 px', () => {
    // Four one-letter lines never overflow the width; 4 × 1.2 × 120 = 576 is the largest size that fits.
    expect(autoFitFontSize('a\nb\nc\nd', true, mono)).toBe(120);
  });

  it('prefers a smaller size to splitting a long word', () => {
    const word = 'Elettroencefalografista';
    const size = autoFitFontSize(word, true, mono);
    expect(mono(word, size)).toBeLessThanOrEqual(textBox(true).width);
    expect(mono(word, size + 2)).toBeGreaterThan(textBox(true).width);
  });

  it('stops at 20 px when nothing fits', () => {
    expect(autoFitFontSize('parola '.repeat(2000), true, mono)).toBe(20);
    expect(autoFitFontSize('x'.repeat(500), false, mono)).toBe(20);
  });
});

describe('sliderValue', () => {
  it('clamps to the slider range 24-120', () => {
    expect(sliderValue(200)).toBe(120);
    expect(sliderValue(20)).toBe(24);
    expect(sliderValue(48)).toBe(48);
  });
});

describe('layoutText', () => {
  const text = 'uno\ndue\ntre';
  const size = 50;
  const step = lineHeight(size);

  it('top: the first line starts at the top of the text box', () => {
    const layout = layoutText(text, size, true, 'top', mono);
    expect(layout.block.y).toBe(72);
    expect(layout.lines.map((line) => line.y)).toEqual([72 + step / 2, 72 + step * 1.5, 72 + step * 2.5]);
  });

  it('bottom: the block ends at the bottom of the text box (80% band)', () => {
    const layout = layoutText(text, size, true, 'bottom', mono);
    expect(layout.block.y + layout.block.height).toBe(648);
    expect(layout.lines.at(-1)!.y).toBe(648 - step / 2);
  });

  it('center: the block is centred on the canvas', () => {
    const layout = layoutText(text, size, false, 'center', mono);
    expect(layout.block.y + layout.block.height / 2).toBe(CANVAS_HEIGHT / 2);
  });

  it('left-aligned at the text box beside an image, centred on the canvas without', () => {
    const withImage = layoutText(text, size, true, 'center', mono);
    expect(withImage.align).toBe('left');
    expect(withImage.lines.every((line) => line.x === textBox(true).x)).toBe(true);
    const alone = layoutText(text, size, false, 'center', mono);
    expect(alone.align).toBe('center');
    expect(alone.lines.every((line) => line.x === CANVAS_WIDTH / 2)).toBe(true);
  });

  it('wraps to the text box width', () => {
    const layout = layoutText('parola '.repeat(30), 60, true, 'top', mono);
    expect(layout.lines.length).toBeGreaterThan(1);
    for (const line of layout.lines) expect(mono(line.text, layout.fontSize)).toBeLessThanOrEqual(textBox(true).width);
  });
});

describe('the text never leaves the safe area', () => {
  const title = 'PC gaming 1440p da 1200 euro: la build equilibrata con Ryzen 5 9600X e RTX 5070';

  it.each([true, false])('at any requested size (image: %s), the drawn block is inside the text box', (hasImage) => {
    const box = textBox(hasImage);
    for (const requested of [24, 48, 120, 200, 250]) {
      const layout = layoutText(title, requested, hasImage, 'center', mono);
      expect(layout.fontSize).toBeLessThanOrEqual(requested);
      expect(layout.block.y).toBeGreaterThanOrEqual(box.y);
      expect(layout.block.y + layout.block.height).toBeLessThanOrEqual(box.y + box.height);
      for (const line of layout.lines) expect(mono(line.text, layout.fontSize)).toBeLessThanOrEqual(box.width);
    }
  });

  /** Every line's box (its drawn width, one line height tall) lies inside the text box. */
  function expectInside(layout: TextLayout, hasImage: boolean) {
    const box = textBox(hasImage);
    const step = lineHeight(layout.fontSize);
    expect(layout.lines.length).toBeGreaterThan(0);
    for (const line of layout.lines) {
      const width = mono(line.text, layout.fontSize);
      const left = layout.align === 'left' ? line.x : line.x - width / 2;
      expect(left).toBeGreaterThanOrEqual(box.x);
      expect(left + width).toBeLessThanOrEqual(box.x + box.width);
      expect(line.y - step / 2).toBeGreaterThanOrEqual(box.y);
      expect(line.y + step / 2).toBeLessThanOrEqual(box.y + box.height);
    }
    expect(layout.block.y).toBeGreaterThanOrEqual(box.y);
    expect(layout.block.y + layout.block.height).toBeLessThanOrEqual(box.y + box.height);
  }

  describe.each([true, false])('a text too long for the canvas even at 20 px (image: %s)', (hasImage) => {
    // 400 'parola' need 24 lines of 17 words across the full width (the band holds exactly 24 lines
    // at 20 px) but 40 lines of 10 beside an image; 800 never fit.
    const texts = [
      { text: 'parola '.repeat(400), cut: hasImage },
      { text: 'parola '.repeat(800), cut: true },
    ];
    const sizes = [
      ['auto-fit', (text: string) => autoFitFontSize(text, hasImage, mono)],
      ['manual 24', () => 24],
      ['manual 48', () => 48],
      ['manual 120', () => 120],
    ] as const;

    it.each(sizes)('%s: keeps the lines that fit, inside the safe area, the last one ending with an ellipsis when cut', (_, requested) => {
      for (const { text, cut } of texts) {
        for (const position of ['top', 'center', 'bottom'] as const) {
          const layout = layoutText(text, requested(text), hasImage, position, mono);
          expect(layout.fontSize).toBe(20);
          expectInside(layout, hasImage);
          expect(layout.truncated).toBe(cut);
          // 24 lines of 1.2 × 20 px fill the 576 px band exactly.
          expect(layout.lines).toHaveLength(24);
          expect(layout.lines.at(-1)!.text.endsWith(ELLIPSIS)).toBe(cut);
          expect(layout.lines.at(-1)!.text).toMatch(cut ? /^(parola )*parola…$/ : /^parola( parola)*$/);
          // The other lines are whole lines of the text, only the last is shortened.
          for (const line of layout.lines.slice(0, -1)) expect(line.text).toMatch(/^parola( parola)*$/);
        }
      }
    });

    it('a single word longer than the box is cut too, never running off the canvas sideways or downwards', () => {
      const word = 'x'.repeat(3000);
      for (const requested of [autoFitFontSize(word, hasImage, mono), 24, 48, 120]) {
        const layout = layoutText(word, requested, hasImage, 'center', mono);
        expectInside(layout, hasImage);
        expect(layout.truncated).toBe(true);
        expect(layout.lines.at(-1)!.text).toMatch(/^x+…$/);
      }
    });
  });

  it('a text that fits is not cut and gets no ellipsis', () => {
    for (const hasImage of [true, false]) {
      for (const requested of [autoFitFontSize(title, hasImage, mono), 24, 48, 120]) {
        const layout = layoutText(title, requested, hasImage, 'center', mono);
        expectInside(layout, hasImage);
        expect(layout.truncated).toBe(false);
        expect(layout.lines.map((line) => line.text).join(' ')).toBe(title);
      }
    }
  });

  it('the ellipsis goes after the last whole word that leaves it room', () => {
    // With an image the box is 696 px: 69 characters at 20 px (10 px each).
    // Lines of seven 'abcdefgh' are 62 characters: the ellipsis fits after the last one.
    const room = layoutText('abcdefgh '.repeat(7 * 30), 20, true, 'top', mono);
    expect(room.lines[0]!.text).toBe('abcdefgh '.repeat(7).trim());
    expect(room.lines.at(-1)!.text).toBe(`${'abcdefgh '.repeat(6)}abcdefgh…`);
    // Lines of ten 'parola' are 69 characters, full: the last word goes rather than being cut in half.
    const full = layoutText('parola '.repeat(10 * 30), 20, true, 'top', mono);
    expect(full.lines[0]!.text).toBe('parola '.repeat(10).trim());
    expect(full.lines.at(-1)!.text).toBe(`${'parola '.repeat(8)}parola…`);
  });

  it('keeps a size that fits, and shrinks an auto-fitted size when an image takes 40% of the width', () => {
    expect(fittedFontSize(title, 48, true, mono)).toBe(48);
    const alone = autoFitFontSize(title, false, mono);
    expect(fittedFontSize(title, alone, false, mono)).toBe(alone);
    const beside = fittedFontSize(title, alone, true, mono);
    expect(beside).toBeLessThan(alone);
    // The largest that fits: one pixel more would not.
    const box = textBox(true);
    const next = wrapText(title, beside + 1, box.width, mono);
    expect(next.splitWords || next.lines.length * lineHeight(beside + 1) > box.height).toBe(true);
  });
});

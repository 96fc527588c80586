/** The shared chart geometry: plot area, scales, paths and ticks. */
import { describe, expect, it } from 'vitest';
import { evenInsets, extent, linePath, plotArea, stepPath, timeScale, valueScale, valueTicks } from './chart-geometry';

const plot = plotArea({ width: 100, height: 50 }, { left: 20, right: 10, top: 5, bottom: 15 });

describe('chart geometry', () => {
  it('the plot area is the drawing less its insets', () => {
    expect(plot).toEqual({ left: 20, right: 90, top: 5, bottom: 35, width: 70, height: 30 });
    expect(plotArea({ width: 72, height: 20 }, evenInsets(2))).toEqual({ left: 2, right: 70, top: 2, bottom: 18, width: 68, height: 16 });
  });

  it('time runs left to right; a single instant sits at the right edge', () => {
    const x = timeScale(1000, 4000, plot);
    expect([x(1000), x(2000), x(4000)]).toEqual([20, 43.33, 90]);
    expect(timeScale(5, 5, plot)(5)).toBe(90);
  });

  it('the highest value is at the top; a flat series is in the middle', () => {
    const y = valueScale(10, 40, plot);
    expect([y(40), y(30), y(10)]).toEqual([5, 15, 35]);
    expect(valueScale(7, 7, plot)(7)).toBe(20);
    expect(extent([3, -1, 8, 2])).toEqual([-1, 8]);
  });

  it('paths: straight segments, or steps that hold each value until the next', () => {
    const points = [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
      { x: 5, y: 6 },
    ];
    expect(linePath(points)).toBe('M1 2 L3 4 L5 6');
    expect(stepPath(points)).toBe('M1 2H3V4H5V6');
    expect(stepPath(points.slice(0, 1))).toBe('');
  });

  it('ticks: the highest and the lowest value, once when they are the same', () => {
    expect(valueTicks(10, 40)).toEqual([40, 10]);
    expect(valueTicks(7, 7)).toEqual([7]);
  });
});

import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]); // a gap of one page (3) shows the page, not "…"
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last, the current page and its neighbours, with gaps between', () => {
    expect(pageWindow(1, 250)).toEqual([1, 2, null, 250]);
    expect(pageWindow(6, 250)).toEqual([1, null, 5, 6, 7, null, 250]);
    expect(pageWindow(250, 250)).toEqual([1, null, 249, 250]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
});

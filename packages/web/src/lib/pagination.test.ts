import { describe, expect, it } from 'vitest';
import { pageCount, pageSlice, pageWindow } from './pagination';

describe('pagination (spec §9: 5 visible pages, 10 per page)', () => {
  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });

  it('shows five page links centred on the current page where the ends allow', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('slices the rows of a page', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageSlice(rows, 3)).toEqual([20, 21, 22]);
  });
});

import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, visiblePages } from './paginate.ts';

describe('paging a list', () => {
  it('counts pages, one at least', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('keeps the page within the pages there are', () => {
    expect(clampPage(5, 30, 25)).toBe(2);
    expect(clampPage(0, 30, 25)).toBe(1);
  });

  it('offers the first, last and neighbouring pages with gaps between', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });
});

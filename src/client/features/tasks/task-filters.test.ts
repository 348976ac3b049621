import { describe, expect, it } from 'vitest';
import { countTaskFilters, readTaskFilters } from './task-filters.ts';

describe('task list filters from the address', () => {
  it('reads known values and treats anything else as no filter', () => {
    expect(readTaskFilters({ status: 'submitted', contentType: 'video' })).toEqual({
      status: 'submitted',
      contentType: 'video',
    });
    expect(readTaskFilters({ status: 'done', contentType: 'audio' })).toEqual({
      status: 'all',
      contentType: 'all',
    });
    expect(readTaskFilters({})).toEqual({ status: 'all', contentType: 'all' });
  });

  it('counts the filters that narrow the list', () => {
    expect(countTaskFilters({ status: 'all', contentType: 'all' })).toBe(0);
    expect(countTaskFilters({ status: 'new', contentType: 'all' })).toBe(1);
    expect(countTaskFilters({ status: 'new', contentType: 'photo' })).toBe(2);
  });
});

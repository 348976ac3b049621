import { describe, expect, it } from 'vitest';
import { readCreatorParams } from './creator-filters.ts';

describe('creator list parameters', () => {
  it('reads a known filter and sort from the address', () => {
    expect(readCreatorParams({ filter: 'no_earnings', sort: 'recent' })).toEqual({
      filter: 'no_earnings',
      sort: 'recent',
    });
  });

  it('falls back to every creator by name for anything else', () => {
    expect(readCreatorParams({ filter: 'rich', sort: undefined })).toEqual({
      filter: 'all',
      sort: 'name',
    });
  });
});

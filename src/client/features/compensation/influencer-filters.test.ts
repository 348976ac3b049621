import { describe, expect, it } from 'vitest';
import { readInfluencerParams } from './influencer-filters.ts';

describe('influencer list parameters', () => {
  it('reads a known filter and sort from the address', () => {
    expect(readInfluencerParams({ filter: 'no_earnings', sort: 'recent' })).toEqual({
      filter: 'no_earnings',
      sort: 'recent',
    });
  });

  it('falls back to every influencer by name for anything else', () => {
    expect(readInfluencerParams({ filter: 'rich', sort: undefined })).toEqual({
      filter: 'all',
      sort: 'name',
    });
  });
});

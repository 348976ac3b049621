import {
  influencerFilters,
  influencerSorts,
  type InfluencerFilter,
  type InfluencerSort,
} from '../../../domain/compensation.ts';

export const influencerListParamNames = ['filter', 'sort'] as const;

/** The filter and sort in the address as the list asks for them: anything unknown is the default. */
export function readInfluencerParams(params: { filter?: string; sort?: string }): {
  filter: InfluencerFilter;
  sort: InfluencerSort;
} {
  return {
    filter: influencerFilters.find((filter) => filter === params.filter) ?? 'all',
    sort: influencerSorts.find((sort) => sort === params.sort) ?? 'name',
  };
}

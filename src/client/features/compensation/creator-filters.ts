import {
  creatorFilters,
  creatorSorts,
  type CreatorFilter,
  type CreatorSort,
} from '../../../domain/compensation.ts';

export const creatorListParamNames = ['filter', 'sort'] as const;

/** The filter and sort in the address as the list asks for them: anything unknown is the default. */
export function readCreatorParams(params: { filter?: string; sort?: string }): {
  filter: CreatorFilter;
  sort: CreatorSort;
} {
  return {
    filter: creatorFilters.find((filter) => filter === params.filter) ?? 'all',
    sort: creatorSorts.find((sort) => sort === params.sort) ?? 'name',
  };
}

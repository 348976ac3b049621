import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import type { CreatorListQuery } from '../../../../domain/compensation.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** The page, search, filter and sort of the overview of creators ('name' is the default sort). */
export type CreatorListParams = Pick<CreatorListQuery, 'page' | 'filter' | 'sort'> & {
  q: string;
};

export function getCreators({ sort, ...query }: CreatorListParams) {
  return apiCall(compensationApi.creators, {
    query: { ...query, sort: sort === 'name' ? undefined : sort },
  });
}

/** Every overview query starts with this key, so a change to any compensation refreshes them all. */
export const creatorsQueryKey = ['admin', 'creators'] as const;

export function creatorsQueryOptions(params: CreatorListParams) {
  return queryOptions({
    queryKey: [...creatorsQueryKey, params],
    queryFn: () => getCreators(params),
    // The page shown stays while the next one loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

export function useCreators(params: CreatorListParams) {
  return useQuery(creatorsQueryOptions(params));
}

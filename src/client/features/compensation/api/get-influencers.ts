import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InfluencerList, InfluencerListQuery } from '../../../../domain/compensation.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

/** The page, search, filter and sort of the influencers overview ('name' is the default sort). */
export type InfluencerListParams = Pick<InfluencerListQuery, 'page' | 'filter' | 'sort'> & {
  q: string;
};

export function getInfluencers({ sort, ...query }: InfluencerListParams): Promise<InfluencerList> {
  return apiFetch<InfluencerList>(
    `/api/admin/influencers${listSearch({ ...query, sort: sort === 'name' ? undefined : sort })}`,
  );
}

/** Every overview query starts with this key, so a change to any pay refreshes them all. */
export const influencersQueryKey = ['admin', 'influencers'] as const;

export function influencersQueryOptions(params: InfluencerListParams) {
  return queryOptions({
    queryKey: [...influencersQueryKey, params],
    queryFn: () => getInfluencers(params),
    // The page shown stays while the next one loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

export function useInfluencers(params: InfluencerListParams) {
  return useQuery(influencersQueryOptions(params));
}

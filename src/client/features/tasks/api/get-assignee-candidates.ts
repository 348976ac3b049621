import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** The people a task can be given to: creators only, never administrators (docs/product.md). */
export function getAssigneeCandidates(q: string) {
  return apiCall(usersApi.list, { query: { role: 'user', q } });
}

export const assigneeCandidatesQueryKey = ['admin', 'tasks', 'assignee-candidates'] as const;

export function assigneeCandidatesQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...assigneeCandidatesQueryKey, q],
    queryFn: () => getAssigneeCandidates(q),
    placeholderData: keepPreviousData,
  });
}

export function useAssigneeCandidates(q: string) {
  return useQuery(assigneeCandidatesQueryOptions(q));
}

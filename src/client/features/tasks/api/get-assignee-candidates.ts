import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

/** The people a task can be given to: creators only, never administrators (spec section 5). */
export function getAssigneeCandidates(q: string): Promise<UserList> {
  return apiFetch<UserList>(`/api/admin/users${listSearch({ role: 'user', q })}`);
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

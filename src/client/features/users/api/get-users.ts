import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList, UserListQuery } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';
import { adminUsersQueryKey } from '../../../lib/admin-user.ts';

export function getUsers(query: UserListQuery): Promise<UserList> {
  return apiFetch<UserList>(`/api/admin/users${listSearch(query)}`);
}

/** Every admin user query starts with this key, so one invalidation refreshes them all. */
/** Every users query (lists and single accounts) starts with this key. */
export const usersQueryKey = adminUsersQueryKey;

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...usersQueryKey, query],
    queryFn: () => getUsers(query),
    // The page shown stays while the next one loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}

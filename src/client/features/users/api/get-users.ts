import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import type { UserListQuery } from '../../../../domain/users.ts';
import { adminUsersQueryKey } from '../../../lib/admin-user.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getUsers(query: UserListQuery) {
  return apiCall(usersApi.list, { query });
}

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

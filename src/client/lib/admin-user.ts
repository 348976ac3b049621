import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../domain/api/users.ts';
import { apiCall } from './api-fetch.ts';

/**
 * GET /api/admin/users/{id}: one account as administrators see it. The users screens edit it and
 * the compensation screens name whose compensation they show, so it lives below both features,
 * under one key: an edit on one screen refreshes the other.
 */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export function getAdminUser(id: string) {
  return apiCall(usersApi.get, { params: { id } });
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({ queryKey: [...adminUsersQueryKey, id], queryFn: () => getAdminUser(id) });
}

/** Asks nothing while there is no id to ask about (the screen then says the id is missing). */
export function useAdminUser(id: string) {
  return useQuery({ ...adminUserQueryOptions(id), enabled: id !== '' });
}

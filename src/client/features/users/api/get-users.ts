import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getUsers(): Promise<User[]> {
  return apiFetch<User[]>('/api/admin/users');
}

/** Every admin user query starts with this key, so one invalidation refreshes them all. */
export const usersQueryKey = ['admin', 'users'] as const;

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}

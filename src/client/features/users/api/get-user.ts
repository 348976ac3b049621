import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { usersQueryKey } from './get-users.ts';

export function getUser(id: string): Promise<User> {
  return apiFetch<User>(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: [...usersQueryKey, id], queryFn: () => getUser(id) });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getMe(): Promise<User> {
  return apiFetch<User>('/api/user/me');
}

export const meQueryKey = ['user', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

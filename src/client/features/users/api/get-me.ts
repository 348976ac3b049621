import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getMe() {
  return apiCall(usersApi.me);
}

export const meQueryKey = ['user', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

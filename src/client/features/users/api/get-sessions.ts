import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** The signed-in person's sessions in force, the most recently used first (decision 0056). */
export function getSessions() {
  return apiCall(authApi.sessions);
}

export const sessionsQueryKey = ['user', 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/users.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The creator whose pay is shown, for their name (GET /api/admin/users/{id}). */
export function getInfluencer(userId: string): Promise<User> {
  return apiFetch<User>(`/api/admin/users/${encodeURIComponent(userId)}`);
}

export function influencerQueryOptions(userId: string) {
  return queryOptions({
    // The users screens' key for the same record, so an edit there refreshes the name here.
    queryKey: ['admin', 'users', userId],
    queryFn: () => getInfluencer(userId),
  });
}

/** Asks nothing while there is no id to ask about (the page then says 'Invalid user ID'). */
export function useInfluencer(userId: string) {
  return useQuery({ ...influencerQueryOptions(userId), enabled: userId !== '' });
}

import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../../domain/api/users.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/**
 * An administrator ends every session of an account (their own but the one asking); answers how
 * many ended.
 */
export function endSessionsOf(id: string) {
  return apiCall(usersApi.endSessions, { params: { id } });
}

export function useEndSessionsOf() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: endSessionsOf,
    // Their own account's other sessions may have gone from Settings' list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

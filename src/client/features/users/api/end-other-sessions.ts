import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** 'Sign out everywhere else': every session of the person but this browser's; answers how many. */
export function endOtherSessions() {
  return apiCall(authApi.endOtherSessions);
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

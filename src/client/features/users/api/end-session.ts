import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import type { SignedInSession } from '../../../../domain/auth.ts';
import { useSignedOut } from '../../../app/signed-out.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** A session to end: which one, and whether it is this browser's. */
export type SessionToEnd = Pick<SignedInSession, 'id' | 'current'>;

export function endSession({ id }: SessionToEnd) {
  return apiCall(authApi.endSession, { params: { id } });
}

/**
 * Ends one of the person's sessions. Ending this browser's own is a sign-out (the server clears
 * the cookie), followed as the top bar's Logout is: home, with its toast.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const signedOut = useSignedOut();
  return useAction({
    mutationFn: endSession,
    onSuccess: (_, { current }) =>
      current ? signedOut() : queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

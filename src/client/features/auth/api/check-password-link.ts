import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../domain/api/auth.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** Whether a reset link or an invitation can still be used; asking leaves it unused. */
export function checkPasswordLink(token: string) {
  return apiCall(authApi.checkPasswordLink, { query: { token } });
}

export function passwordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'password-link', token] as const,
    queryFn: () => checkPasswordLink(token),
    // A link is used or expires while the page is open: each arrival asks again.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePasswordLinkCheck(token: string) {
  return useQuery({ ...passwordLinkQueryOptions(token), enabled: token !== '' });
}

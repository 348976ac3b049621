import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../domain/api/auth.ts';
import type { CurrentUser } from '../../domain/auth.ts';
import type { User } from '../../domain/users.ts';
import { apiCall } from './api-fetch.ts';
import { paths } from '../../domain/routes.ts';

/**
 * GET /api/auth/session. Shared by the login page, the signed-in layout and the screens that greet
 * the person, so it lives below the features. Nobody signed in is an answer (null), not an error:
 * guards decide where such a visitor goes, and a visitor's browser logs no refused request.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const { user } = await apiCall(authApi.session);
  return user;
}

export const currentUserQueryKey = ['auth', 'user'] as const;

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Where each role starts after signing in (docs/product.md, "Sign in"). */
export function homePathFor(user: Pick<User, 'isAdmin'>): string {
  return user.isAdmin ? paths.adminDashboard : paths.dashboard;
}

/** The query parameter that carries the page a visitor asked for through the sign-in page. */
export const returnToParam = 'returnTo';

/**
 * The page to open after signing in, when it is a path on this site; anything else (another
 * origin, `//host`, a scheme) is ignored so the login link cannot send people elsewhere.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  const base = 'http://same.origin';
  const url = new URL(value, base);
  if (url.origin !== base || url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

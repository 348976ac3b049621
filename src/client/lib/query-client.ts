import { QueryClient } from '@tanstack/react-query';

/**
 * Data stays until a mutation invalidates it: never stale, no refetch on focus, no polling, no
 * retries. Screens that need fresher data (translations, notifications) say so on their own query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

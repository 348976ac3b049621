import { queryOptions, useQuery } from '@tanstack/react-query';
import { compensationApi } from '../../../../domain/api/compensation.ts';
import type { Period } from '../../../../domain/months.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getMonthDrafts(period: Period) {
  return apiCall(compensationApi.monthDrafts, { query: period });
}

/** Every month's preview starts with this key, so a change to any compensation refreshes them. */
export const monthDraftsQueryKey = ['admin', 'month-drafts'] as const;

export function monthDraftsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: [...monthDraftsQueryKey, period],
    queryFn: () => getMonthDrafts(period),
  });
}

/** What publishing the month would publish; nothing is asked while the month is not one. */
export function useMonthDrafts(period: Period | undefined) {
  return useQuery({
    ...monthDraftsQueryOptions(period ?? { year: 0, month: 0 }),
    enabled: period !== undefined,
  });
}

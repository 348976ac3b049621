import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { notificationDropdownLimit, notificationPollMs } from '../../../../domain/notifications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

export function getNotifications() {
  return apiCall(notificationsApi.list, { query: { limit: notificationDropdownLimit } });
}

export const notificationsQueryKey = ['notifications'] as const;

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    // New notifications arrive without the person doing anything (every 30 seconds).
    refetchInterval: notificationPollMs,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { notificationDropdownLimit } from '../../../../domain/notifications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationPollInterval } from './notification-stream.ts';

export function getNotifications() {
  return apiCall(notificationsApi.list, { query: { limit: notificationDropdownLimit } });
}

export const notificationsQueryKey = ['notifications'] as const;

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    // New notifications arrive without the person doing anything: through the live stream, and
    // by polling (every 30 seconds while the stream is down).
    refetchInterval: notificationPollInterval,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  notificationDropdownLimit,
  notificationPollMs,
  type NotificationList,
} from '../../../../domain/notifications.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export function getNotifications(): Promise<NotificationList> {
  return apiFetch<NotificationList>(`/api/notifications?limit=${notificationDropdownLimit}`);
}

export const notificationsQueryKey = ['notifications'] as const;

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    // New notifications arrive without the person doing anything (spec section 7).
    refetchInterval: notificationPollMs,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

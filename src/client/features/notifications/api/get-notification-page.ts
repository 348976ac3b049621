import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';
import { notificationPollInterval } from './notification-stream.ts';

export function getNotificationPage(page: number) {
  return apiCall(notificationsApi.page, { query: { page } });
}

export function notificationPageQueryOptions(page: number) {
  return queryOptions({
    // Under the bell's key, so marking read refreshes the full list as well as the panel.
    queryKey: [...notificationsQueryKey, 'all', page] as const,
    queryFn: () => getNotificationPage(page),
    refetchInterval: notificationPollInterval,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationPage(page: number) {
  return useQuery(notificationPageQueryOptions(page));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markAllNotificationsRead() {
  return apiCall(notificationsApi.markAllRead);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markAllNotificationsRead() {
  return apiCall(notificationsApi.markAllRead);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

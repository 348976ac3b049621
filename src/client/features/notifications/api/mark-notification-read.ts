import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markNotificationRead(id: string) {
  return apiCall(notificationsApi.markRead, { params: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../../../domain/api/notifications.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markNotificationRead(id: string) {
  return apiCall(notificationsApi.markRead, { params: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: markNotificationRead,
    // Opening two notifications one after the other marks both.
    actsOn: (id) => id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markNotificationRead(id: string): Promise<void> {
  return apiFetch<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTask, TaskInput } from '../../../../domain/tasks.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function updateTask({ id, ...input }: TaskInput & { id: string }): Promise<AdminTask> {
  return apiFetch<AdminTask>(`/api/admin/tasks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

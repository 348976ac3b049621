import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTask, TaskStatusUpdate } from '../../../../domain/tasks.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

/** An administrator sets a status on the task: every assignee gets it (decision 0021). */
export function setTaskStatus({
  id,
  status,
}: TaskStatusUpdate & { id: string }): Promise<AdminTask> {
  return apiFetch<AdminTask>(`/api/admin/tasks/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    json: { status },
  });
}

export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaskStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

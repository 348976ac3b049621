import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskStatusUpdate } from '../../../../domain/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

/** An administrator sets a status on the task: every assignee gets it (decision 0021). */
export function setTaskStatus({ id, status }: TaskStatusUpdate & { id: string }) {
  return apiCall(tasksApi.setStatus, { params: { id }, body: { status } });
}

export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: setTaskStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

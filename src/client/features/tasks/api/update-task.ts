import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskInput } from '../../../../domain/task-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function updateTask({ id, ...input }: TaskInput & { id: string }) {
  return apiCall(tasksApi.update, { params: { id }, body: input });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskInput } from '../../../../domain/task-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function createTask(input: TaskInput) {
  return apiCall(tasksApi.create, { body: input });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

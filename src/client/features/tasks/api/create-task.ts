import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTask, TaskInput } from '../../../../domain/tasks.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function createTask(input: TaskInput): Promise<AdminTask> {
  return apiFetch<AdminTask>('/api/admin/tasks', { method: 'POST', json: input });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

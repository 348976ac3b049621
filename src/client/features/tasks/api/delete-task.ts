import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

export function deleteTask(id: string) {
  return apiCall(tasksApi.remove, { params: { id } });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}

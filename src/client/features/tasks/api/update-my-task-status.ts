import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskStatusUpdate } from '../../../../domain/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { myTaskQueryOptions } from './get-my-task.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';

/** The creator moves their own assignment: new to in_progress, in_progress to submitted. */
export function updateMyTaskStatus({ id, status }: TaskStatusUpdate & { id: string }) {
  return apiCall(tasksApi.moveMine, { params: { id }, body: { status } });
}

export function useUpdateMyTaskStatus() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: updateMyTaskStatus,
    onSuccess: (task) => {
      queryClient.setQueryData(myTaskQueryOptions(task.id).queryKey, task);
      return queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
    },
  });
}

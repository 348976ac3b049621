import { useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { TaskReviewInput } from '../../../../domain/task-input.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { adminTaskQueryKey } from './get-admin-task.ts';
import { adminTasksQueryKey } from './get-admin-tasks.ts';

/** An administrator approves one creator's submission or asks for changes (decision 0029). */
export function reviewAssignee({
  taskId,
  userId,
  ...review
}: TaskReviewInput & { taskId: string; userId: string }) {
  return apiCall(tasksApi.review, { params: { id: taskId, userId }, body: review });
}

export function useReviewAssignee() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: reviewAssignee,
    onSuccess: (task) => {
      queryClient.setQueryData(adminTaskQueryKey(task.id), task);
      return queryClient.invalidateQueries({ queryKey: adminTasksQueryKey });
    },
  });
}

/** Where an assignee's files download as one zip. */
export const assigneeArchiveUrl = (taskId: string, userId: string) =>
  pathOf(tasksApi.assigneeArchive, { id: taskId, userId });

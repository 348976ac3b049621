import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { myTaskQueryOptions } from './get-my-task.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';

export function deleteTaskUpload({ id, uploadId }: { id: string; uploadId: string }) {
  return apiCall(tasksApi.deleteUpload, { params: { id, uploadId } });
}

export function useDeleteTaskUpload() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: deleteTaskUpload,
    onSuccess: (_, { id, uploadId }) => {
      queryClient.setQueryData(myTaskQueryOptions(id).queryKey, (task) => {
        if (!task) return task;
        const uploads = task.uploads.filter((upload) => upload.id !== uploadId);
        return { ...task, uploads, fileCount: uploads.length };
      });
      return queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
    },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';

export function discardUnfinishedUpload({ id, uploadId }: { id: string; uploadId: string }) {
  return apiCall(tasksApi.discardUnfinishedUpload, { params: { id, uploadId } });
}

export function useDiscardUnfinishedUpload() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: discardUnfinishedUpload,
    actsOn: ({ uploadId }) => uploadId,
    // The task's count of places held and its list of unfinished uploads both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTasksQueryKey }),
  });
}

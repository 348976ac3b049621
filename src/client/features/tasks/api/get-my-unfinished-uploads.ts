import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { myTaskQueryKey } from './get-my-task.ts';

export function getMyUnfinishedUploads(id: string) {
  return apiCall(tasksApi.myUnfinishedUploads, { params: { id } });
}

/** Under the task's own key: whatever refreshes the task refreshes its unfinished uploads too. */
export function myUnfinishedUploadsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...myTaskQueryKey(id), 'unfinished-uploads'] as const,
    queryFn: () => getMyUnfinishedUploads(id),
  });
}

/** Asked for only while the task says some are there (`unfinishedUploadCount`). */
export function useMyUnfinishedUploads(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...myUnfinishedUploadsQueryOptions(id), enabled });
}

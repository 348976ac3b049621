import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskUpload } from '../../../../domain/tasks.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { myTaskQueryOptions } from './get-my-task.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';

export interface UploadTaskFilesRequest {
  id: string;
  files: readonly File[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends the files in one request (all or nothing); answers the creator's files after it. */
export function uploadTaskFiles({
  id,
  files,
  onProgress,
  signal,
}: UploadTaskFilesRequest): Promise<{ uploads: TaskUpload[] }> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return apiUpload<{ uploads: TaskUpload[] }>(`/api/tasks/${encodeURIComponent(id)}/upload`, body, {
    onProgress,
    signal,
  });
}

export function useUploadTaskFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTaskFiles,
    onSuccess: ({ uploads }, { id }) => {
      // The answer is the creator's files after the upload: show them at once.
      queryClient.setQueryData(myTaskQueryOptions(id).queryKey, (task) =>
        task ? { ...task, uploads, fileCount: uploads.length } : task,
      );
      return queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
    },
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { MyTaskDetail } from '../../../../domain/tasks.ts';
import { useAction } from '../../../lib/action.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { perFileProgress } from '../upload-selection.ts';
import { myTaskQueryOptions } from './get-my-task.ts';
import { myTasksQueryKey } from './get-my-tasks.ts';
import { uploadTaskFileResumably } from './upload-task-file-resumably.ts';

/**
 * Files from this size on go over tus, one resumable upload each, so a long video survives a
 * dropped connection; smaller ones go together in one multipart call (decision 0028).
 */
export const resumableUploadFromBytes = 20 * 1024 * 1024;

export interface UploadTaskFilesRequest {
  id: string;
  files: readonly File[];
  /** Each file's share sent, 0 to 100, in the order of `files`. */
  onProgress?: (percentPerFile: number[]) => void;
  /** The files that have become the task's, as each upload finishes. */
  onStored?: (files: readonly File[]) => void;
  /** Large files that continue an unfinished upload of theirs, with its tus address. */
  resumeUrls?: ReadonlyMap<File, string>;
  /** Each resumable upload's tus address as it gets one: that upload is under way here. */
  onUploadUrl?: (url: string) => void;
  /** Whether a resumable upload is waiting for the network to come back (it then goes on). */
  onOffline?: (offline: boolean) => void;
  signal?: AbortSignal;
}

/**
 * Sends the files: the small ones in one multipart request (all or nothing), then each large one
 * over tus. Answers the creator's task after the last (its files, and the places its unfinished
 * uploads still hold); a failure keeps the files sent before it.
 */
export async function uploadTaskFiles({
  id,
  files,
  onProgress,
  onStored,
  resumeUrls,
  onUploadUrl,
  onOffline,
  signal,
}: UploadTaskFilesRequest): Promise<MyTaskDetail> {
  const percents = files.map(() => 0);
  const report = () => onProgress?.([...percents]);
  const small = files.filter((file) => file.size < resumableUploadFromBytes);
  const large = files.filter((file) => file.size >= resumableUploadFromBytes);
  let answer: MyTaskDetail | undefined;

  if (small.length > 0) {
    const body = new FormData();
    for (const file of small) body.append('files', file, file.name);
    answer = await apiUpload<MyTaskDetail>(pathOf(tasksApi.upload, { id }), body, {
      signal,
      // The files go out one after another in the body: the bytes sent fill them in order.
      onProgress: (percent) => {
        const shares = perFileProgress(
          small.map((file) => file.size),
          percent,
        );
        small.forEach((file, index) => (percents[files.indexOf(file)] = shares[index] ?? 0));
        report();
      },
    });
    onStored?.(small);
  }

  for (const file of large) {
    const index = files.indexOf(file);
    const task: MyTaskDetail = await uploadTaskFileResumably({
      taskId: id,
      file,
      signal,
      resumeUrl: resumeUrls?.get(file),
      onUploadUrl,
      onOffline,
      onProgress: (sent) => {
        percents[index] = Math.floor((sent / file.size) * 100);
        report();
      },
    });
    percents[index] = 100;
    report();
    onStored?.([file]);
    answer = task;
  }
  if (!answer) throw new Error('No files to upload');
  return answer;
}

export function useUploadTaskFiles() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: uploadTaskFiles,
    onSuccess: (task, { id }) => {
      // The answer is the creator's task after the upload: show its files at once.
      queryClient.setQueryData(myTaskQueryOptions(id).queryKey, task);
      return queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
    },
    // Files sent before a failure are the task's: show them.
    onError: (_error, { id }) =>
      queryClient.invalidateQueries({ queryKey: myTaskQueryOptions(id).queryKey }),
  });
}

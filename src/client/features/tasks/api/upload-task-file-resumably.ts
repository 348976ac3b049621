import type { DetailedError, Upload } from 'tus-js-client';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { MyTaskDetail } from '../../../../domain/tasks.ts';
import { abortError, answerError, parseJson } from '../../../lib/api-fetch.ts';
import { getMyTask } from './get-my-task.ts';

/**
 * Each PATCH carries at most this much: the server confirms the offset after every piece, a
 * connection that dies quietly costs one piece at most, and a proxy's limit on request bodies
 * (often 100 MB) never meets a 2 GB video.
 */
const chunkBytes = 8 * 1024 * 1024;

/**
 * Rounds of tus-js-client's own retries (while online) in a row that move no byte before giving
 * up. Time offline does not count: the upload waits for the network, however long.
 */
const roundsWithoutProgress = 3;
const pauseBetweenRoundsMs = 5000;

export interface ResumableUploadRequest {
  taskId: string;
  file: File;
  /** Bytes of this file the server has, as they grow. */
  onProgress?: (sentBytes: number) => void;
  /** Aborting it cancels the upload and removes what was sent; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * The tus address of an unfinished upload of this file to continue (the server's list of them,
   * decision 0039), instead of one this browser remembers. Where the server no longer has it, the
   * file starts again as a new upload.
   */
  resumeUrl?: string;
  /** The upload's tus address, once the server has given it one (or `resumeUrl`). */
  onUploadUrl?: (url: string) => void;
  /**
   * Whether the browser is offline while the upload runs: it then waits for the network and goes
   * on by itself, which the person should be told. Told false again once it has settled.
   */
  onOffline?: (offline: boolean) => void;
}

/** The server's answer to a request that failed, or undefined when no answer came. */
const answerOf = (error: Error) => (error as DetailedError).originalResponse ?? undefined;

/**
 * Whether the server refused the upload (its rules: kind, size, limit, status), as opposed to the
 * request not getting through. tus answers 409 and 423 when a resumed upload and the server
 * disagree for a moment: worth another try, as tus-js-client's own default says.
 */
function isRefusal(error: Error): boolean {
  const status = answerOf(error)?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423;
}

/**
 * Resolves when it is worth trying again: as soon as the browser is back online when it is
 * offline, otherwise after a pause; at once on abort.
 */
function whenWorthRetrying(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = navigator.onLine ? setTimeout(done, pauseBetweenRoundsMs) : undefined;
    if (!navigator.onLine) window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

/**
 * The creator's task once the upload finished: the request that recorded the file answers with
 * it; one that found the upload already finished (a retry after a lost answer, decision 0039)
 * answers no body, and the task is asked for.
 */
async function finishedTask(taskId: string, body: string): Promise<MyTaskDetail> {
  return (parseJson(body) as MyTaskDetail | undefined) ?? getMyTask(taskId);
}

/**
 * Sends one file to a task over tus (decision 0028): it survives a dropped connection,
 * a phone going to sleep and a reload, picking up where the server's bytes stop (the upload's
 * address is kept in localStorage under the file's fingerprint, so choosing the same file again
 * after a reload resumes it). Resolves to the creator's task once the file is one of its files;
 * the server's refusals reject with the same `ApiError` as every other call, a network that never
 * comes back with 'Upload failed', as every upload says (docs/product.md).
 */
export async function uploadTaskFileResumably({
  taskId,
  file,
  onProgress,
  signal,
  resumeUrl,
  onUploadUrl,
  onOffline,
}: ResumableUploadRequest): Promise<MyTaskDetail> {
  if (signal?.aborted) throw abortError();
  // Loaded with the first large file only: most pages never need the tus client.
  const tus = await import('tus-js-client');
  return new Promise<MyTaskDetail>((resolve, reject) => {
    let settled = false;
    let stalledRounds = 0;
    let lastSent = -1;
    const reportConnection = () => onOffline?.(!navigator.onLine);
    window.addEventListener('online', reportConnection);
    window.addEventListener('offline', reportConnection);
    if (!navigator.onLine) reportConnection();
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      window.removeEventListener('online', reportConnection);
      window.removeEventListener('offline', reportConnection);
      onOffline?.(false);
      outcome();
    };
    const upload: Upload = new tus.Upload(file, {
      endpoint: pathOf(tasksApi.resumableCreate),
      uploadUrl: resumeUrl ?? null,
      onUploadUrlAvailable: () => {
        if (upload.url) onUploadUrl?.(upload.url);
      },
      metadata: { taskId, filename: file.name, filetype: file.type },
      chunkSize: chunkBytes,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      // While offline, tus-js-client's retries would only fail: it hands over at once, and the
      // upload goes on when the network comes back (below).
      onShouldRetry: (error) => !isRefusal(error) && navigator.onLine,
      onProgress: (sent) => {
        if (sent > lastSent) stalledRounds = 0;
        lastSent = sent;
        onProgress?.(sent);
      },
      onSuccess: ({ lastResponse }) => {
        void finishedTask(taskId, lastResponse.getBody()).then(
          (task) => settle(() => resolve(task)),
          (error: unknown) => settle(() => reject(error)),
        );
      },
      onError: (error) => {
        if (settled || signal?.aborted) return;
        const answer = answerOf(error);
        if (isRefusal(error) && answer) {
          const text = answer.getBody();
          const status = answer.getStatus();
          settle(() => reject(answerError(status, text)));
          return;
        }
        if (navigator.onLine) stalledRounds += 1;
        if (stalledRounds > roundsWithoutProgress) {
          settle(() => reject(new Error('Upload failed')));
          return;
        }
        // Resumes from the server's offset: start() asks it (HEAD) for the upload kept above.
        void whenWorthRetrying(signal).then(() => {
          if (!settled && !signal?.aborted) upload.start();
        });
      },
    });
    function onAbort() {
      // Terminating tells the server to drop the bytes and free the file's place.
      settle(() => reject(abortError()));
      void upload.abort(true).catch(() => {});
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (resumeUrl) {
      onUploadUrl?.(resumeUrl);
      upload.start();
      return;
    }
    void upload.findPreviousUploads().then(
      (previous) => {
        if (settled) return;
        // The fingerprint is the file's (name, type, size, date): the same file may have been
        // started for another task, which must not be continued here.
        const [latest] = previous
          .filter((earlier) => earlier.metadata.taskId === taskId)
          .sort((a, b) => b.creationTime.localeCompare(a.creationTime));
        if (latest) {
          upload.resumeFromPreviousUpload(latest);
          if (latest.uploadUrl) onUploadUrl?.(latest.uploadUrl);
        }
        upload.start();
      },
      () => upload.start(),
    );
  });
}

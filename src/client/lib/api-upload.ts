import { abortError, answerError } from './api-fetch.ts';

export interface ApiUploadOptions {
  /** Called as the body goes out, with the share sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting it cancels the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

/**
 * Sends a multipart body to the API with the session cookie, like `apiFetch`, but on
 * XMLHttpRequest: fetch cannot report how much of a request body has gone out. Resolves to the
 * parsed JSON (undefined when empty); a non-2xx answer rejects with the same `ApiError` as
 * `apiFetch` (`{status}: {body text or status text}`, the parsed body kept); a lost connection
 * rejects with 'Upload failed' (docs/product.md, section 6, "Task Details").
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  { onProgress, signal, method = 'POST' }: ApiUploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');

    const onAbortSignal = () => request.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      });
    }

    request.addEventListener('load', () => {
      settle();
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(answerError(request.status, text, request.statusText));
        return;
      }
      onProgress?.(100);
      resolve((request.status === 204 || text === '' ? undefined : JSON.parse(text)) as T);
    });
    request.addEventListener('error', () => {
      settle();
      reject(new Error('Upload failed'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });

    request.send(body);
  });
}

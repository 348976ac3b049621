import { Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { acceptAttribute, looksLikeKind } from '../../../domain/files.ts';
import { taskFileKinds, type ContentType, type MyTaskDetail } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { dismissToastsAbout, toast } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { cn } from '../../lib/cn.ts';
import { formatFileSize } from '../../lib/format.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useUploadTaskFiles } from './api/upload-task-files.ts';
import { overallProgress, selectionProblem, type SelectionProblem } from './upload-selection.ts';

const wrongKindCode: Record<ContentType, string> = {
  photo: 'task.photo_only',
  video: 'task.video_only',
  both: 'task.photo_or_video',
};

/** The upload card's toasts about a choice of files, each gone once a later choice is right. */
const selectionToast = { kind: 'task-upload.kind', count: 'task-upload.count' } as const;

/**
 * Choosing files (picker or drag and drop), checked before anything is sent, then sent with
 * their progress and a way to cancel (spec sections 2, 5 and 8): small files in one request,
 * large ones each as a resumable upload that survives a dropped connection (decision 0028).
 */
export function TaskUploadCard({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  const upload = useUploadTaskFiles();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [selected, setSelected] = useState<File[]>([]);
  /** Each selected file's share sent, 0 to 100, while sending. */
  const [fileProgress, setFileProgress] = useState<number[] | null>(null);
  /** The files that became the task's during this send, kept off the list if a later one fails. */
  const storedRef = useRef<readonly File[]>([]);
  const [isDragging, setDragging] = useState(false);
  const titleId = useId();
  const hintId = useId();
  const kinds = taskFileKinds[task.contentType];
  const isSending = upload.isPending;

  const explain = (problem: SelectionProblem) =>
    toast({
      variant: 'destructive',
      about: selectionToast.count,
      title: t(problem.kind === 'too_many' ? 'tasks.upload.tooMany' : 'tasks.upload.limitExceeded'),
      description:
        problem.kind === 'too_many'
          ? t('tasks.upload.tooManyDescription', { max: problem.max })
          : t('tasks.upload.limitExceededDescription', {
              max: problem.max,
              current: problem.current,
            }),
    });

  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    const fitting = files.filter((file) => looksLikeKind(file, kinds));
    // A choice that puts a problem right takes its toast away (issue 13, point 5).
    if (fitting.length === files.length) dismissToastsAbout(selectionToast.kind);
    if (fitting.length < files.length) {
      toast({
        variant: 'destructive',
        about: selectionToast.kind,
        title: t('tasks.upload.wrongKind'),
        description: translateMessage(t, wrongKindCode[task.contentType]),
      });
    }
    if (fitting.length === 0) return;
    const next = [...selected, ...fitting];
    if (next.length > task.maxFiles) {
      explain({ kind: 'too_many', max: task.maxFiles });
      return;
    }
    dismissToastsAbout(selectionToast.count);
    setSelected(next);
  };

  const send = () => {
    const problem = selectionProblem(selected.length, task.fileCount, task.maxFiles);
    if (problem) {
      explain(problem);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setFileProgress(selected.map(() => 0));
    storedRef.current = [];
    upload.mutate(
      {
        id: task.id,
        files: selected,
        onProgress: setFileProgress,
        onStored: (files) => (storedRef.current = [...storedRef.current, ...files]),
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.upload.success') });
          setSelected([]);
        },
        onError: (error) => {
          const stored = storedRef.current;
          setSelected((current) => current.filter((file) => !stored.includes(file)));
          if (error instanceof DOMException && error.name === 'AbortError') {
            toast({ title: t('tasks.upload.cancelled') });
            return;
          }
          // apiUpload rejects a lost connection with a plain Error; the server's refusals are ApiErrors.
          const isNetwork = !(error instanceof ApiError);
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t(isNetwork ? 'tasks.upload.networkFailure' : 'tasks.upload.failure'),
          });
        },
        onSettled: () => {
          abortRef.current = null;
          setFileProgress(null);
        },
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isSending) choose(event.dataTransfer.files);
  };

  const progress =
    fileProgress === null
      ? null
      : overallProgress(
          selected.map((file) => file.size),
          fileProgress,
        );
  const remaining = Math.max(0, task.maxFiles - task.fileCount);

  return (
    <Card aria-labelledby={titleId} role="region" className="grid gap-4">
      <div>
        <h2 id={titleId} className="font-semibold">
          {t('tasks.upload.title')}
        </h2>
        <p id={hintId} className="mt-1 text-sm text-muted-foreground">
          {t(`tasks.upload.accepts.${task.contentType}`)}{' '}
          {t('tasks.upload.remaining', { count: remaining })}
        </p>
      </div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!isSending) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-border px-4 py-8 text-center transition-colors',
          isDragging && 'border-accent bg-accent/10',
        )}
      >
        <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{t('tasks.upload.dropHere')}</p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={acceptAttribute(kinds)}
          className="hidden"
          tabIndex={-1}
          onChange={(event) => {
            choose(event.target.files);
            // The same file chosen again after removing it must still fire a change.
            event.target.value = '';
          }}
        />
        <Button
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={isSending || remaining === 0}
          aria-describedby={hintId}
        >
          {t('tasks.upload.choose')}
        </Button>
      </div>

      {selected.length > 0 && (
        <div className="grid gap-3">
          <h3 className="text-sm font-medium">
            {t('tasks.upload.selected', { count: selected.length })}
          </h3>
          <ul className="grid gap-2">
            {selected.map((file, index) => (
              <li
                key={`${file.name}-${index}`}
                className="flex items-center gap-3 rounded-md border border-border bg-background px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{file.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatFileSize(file.size)}
                    {fileProgress !== null && ` · ${fileProgress[index] ?? 0}%`}
                  </span>
                </span>
                {!isSending && (
                  <button
                    type="button"
                    onClick={() => setSelected(selected.filter((_, other) => other !== index))}
                    className="rounded-md p-1 text-muted-foreground hover:bg-surface hover:text-foreground"
                    aria-label={t('tasks.upload.remove', { name: file.name })}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {progress !== null && (
            <div className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span>{t('tasks.upload.uploading')}</span>
                <span aria-hidden="true">{progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={t('tasks.upload.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                aria-valuetext={`${progress}%`}
                className="h-2 overflow-hidden rounded-full bg-background"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width]"
                  style={{ width: `${progress}%` }}
                />
              </div>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {isSending ? (
              <Button variant="outline" onClick={() => abortRef.current?.abort()}>
                {t('tasks.upload.cancel')}
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setSelected([])}>
                {t('tasks.upload.clear')}
              </Button>
            )}
            <Button onClick={send} disabled={isSending}>
              <Upload aria-hidden="true" />
              {isSending
                ? t('tasks.upload.uploading')
                : t('tasks.upload.submit', { count: selected.length })}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

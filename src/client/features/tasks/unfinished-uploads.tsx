import { RotateCcw, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { acceptAttribute, type FileKind } from '../../../domain/files.ts';
import type { UnfinishedUpload } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { useDiscardUnfinishedUpload } from './api/discard-unfinished-upload.ts';

/** The share of an unfinished upload's bytes the server has, 0 to 100. */
const received = ({ offset, fileSize }: UnfinishedUpload) =>
  fileSize > 0 ? Math.min(100, Math.floor((offset / fileSize) * 100)) : 0;

/**
 * The creator's uploads that stopped before they finished (a reload, a closed or killed browser):
 * each holds a place under the task's limit until it is resumed or discarded, or for 24 hours
 * (decision 0039). Resuming needs the same file chosen again: a page cannot reopen a file the
 * person chose before it was reloaded.
 */
export function UnfinishedUploads({
  taskId,
  uploads,
  status,
  kinds,
  isSending,
  onResume,
}: {
  taskId: string;
  uploads: readonly UnfinishedUpload[];
  /** Whether the list has come: while it loads or if it fails, the places are still counted. */
  status: 'pending' | 'error' | 'success';
  kinds: readonly FileKind[];
  isSending: boolean;
  onResume: (upload: UnfinishedUpload, file: File | undefined) => void;
}) {
  const { t } = useLanguage();
  const titleId = useId();
  const hintId = useId();
  if (status === 'pending') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('tasks.unfinished.loading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p role="alert" className="text-sm text-red-400">
        {t('tasks.unfinished.loadFailure')}
      </p>
    );
  }
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div>
        <h3 id={titleId} className="text-sm font-medium">
          {t('tasks.unfinished.title', { count: uploads.length })}
        </h3>
        <p id={hintId} className="mt-1 text-sm text-muted-foreground">
          {t('tasks.unfinished.hint')}
        </p>
      </div>
      <ul className="grid gap-2">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <UnfinishedUploadItem
              taskId={taskId}
              upload={upload}
              kinds={kinds}
              isSending={isSending}
              hintId={hintId}
              onResume={onResume}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function UnfinishedUploadItem({
  taskId,
  upload,
  kinds,
  isSending,
  hintId,
  onResume,
}: {
  taskId: string;
  upload: UnfinishedUpload;
  kinds: readonly FileKind[];
  isSending: boolean;
  hintId: string;
  onResume: (upload: UnfinishedUpload, file: File | undefined) => void;
}) {
  const { t, language } = useLanguage();
  const inputRef = useRef<HTMLInputElement>(null);
  const discard = useDiscardUnfinishedUpload();
  const onDiscard = () =>
    discard.mutate(
      { id: taskId, uploadId: upload.id },
      {
        onSuccess: () =>
          toast({ title: t('common.success'), description: t('tasks.unfinished.discarded') }),
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.unfinished.discardFailure'),
          }),
      },
    );
  const keptUntil = formatDateTime(upload.expiresAt, language);
  return (
    <div className="grid gap-2 rounded-md border border-border bg-background px-3 py-2 text-sm">
      <div className="min-w-0">
        <span className="block truncate" title={upload.fileName}>
          {upload.fileName}
        </span>
        <span className="text-xs text-muted-foreground">
          {t('tasks.unfinished.received', {
            sent: formatFileSize(upload.offset),
            total: formatFileSize(upload.fileSize),
          })}{' '}
          · {t('tasks.unfinished.keptUntil', { time: keptUntil })}
        </span>
      </div>
      <UploadProgress
        progress={received(upload)}
        label={t('tasks.unfinished.stopped')}
        name={t('tasks.unfinished.progress', { name: upload.fileName })}
      />
      <input
        ref={inputRef}
        type="file"
        accept={acceptAttribute(kinds)}
        className="hidden"
        tabIndex={-1}
        onChange={(event) => {
          onResume(upload, event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          onClick={onDiscard}
          isPending={discard.isPending}
          pendingLabel={
            <>
              <Trash2 aria-hidden="true" />
              {t('tasks.unfinished.discarding')}
            </>
          }
          aria-label={t('tasks.unfinished.discardNamed', { name: upload.fileName })}
          disabled={isSending}
        >
          <Trash2 aria-hidden="true" />
          {t('tasks.unfinished.discard')}
        </Button>
        <Button
          variant="outline"
          onClick={() => inputRef.current?.click()}
          aria-label={t('tasks.unfinished.resumeNamed', { name: upload.fileName })}
          aria-describedby={hintId}
          disabled={isSending}
        >
          <RotateCcw aria-hidden="true" />
          {t('tasks.unfinished.resume')}
        </Button>
      </div>
    </div>
  );
}

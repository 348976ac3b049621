import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { MyTaskDetail, TaskUpload } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmActions, ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { formatDate, formatFileSize } from '../../lib/format.ts';
import { useDeleteTaskUpload } from './api/delete-task-upload.ts';
import { UploadPreview } from './upload-preview.tsx';

/** The creator's uploaded files: image thumbnails, playable videos, each with its size. */
export function TaskFiles({ task, canDelete }: { task: MyTaskDetail; canDelete: boolean }) {
  const { t } = useLanguage();
  const titleId = useId();
  const [deleting, setDeleting] = useState<TaskUpload | null>(null);
  return (
    <Card aria-labelledby={titleId} role="region" className="grid gap-4">
      <h2 id={titleId} className="font-semibold">
        {t('tasks.files.title', { count: task.uploads.length })}
      </h2>
      {task.uploads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('tasks.files.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {task.uploads.map((upload, index) => (
            <li key={upload.id}>
              <UploadedFile
                upload={upload}
                isFirst={index === 0}
                onDelete={canDelete ? () => setDeleting(upload) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('tasks.files.deleteTitle')}
        description={t('tasks.files.deleteConfirm')}
      >
        {deleting && (
          <DeleteConfirmation taskId={task.id} upload={deleting} onDone={() => setDeleting(null)} />
        )}
      </ConfirmDialog>
    </Card>
  );
}

function UploadedFile({
  upload,
  isFirst,
  onDelete,
}: {
  upload: TaskUpload;
  isFirst: boolean;
  onDelete?: () => void;
}) {
  const { t, language } = useLanguage();
  return (
    <figure className="overflow-hidden rounded-md border border-border bg-background">
      <UploadPreview upload={upload} isFirst={isFirst} />
      <figcaption className="flex items-center gap-2 p-2 text-sm">
        <span className="min-w-0 flex-1">
          <span className="block truncate" title={upload.fileName}>
            {upload.fileName}
          </span>
          <span className="text-xs text-muted-foreground">
            {formatFileSize(upload.fileSize)} ·{' '}
            <time dateTime={upload.uploadedAt}>{formatDate(upload.uploadedAt, language)}</time>
          </span>
        </span>
        {onDelete && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            className="text-red-400 hover:text-red-300"
            aria-label={t('tasks.files.delete', { name: upload.fileName })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </figcaption>
    </figure>
  );
}

function DeleteConfirmation({
  taskId,
  upload,
  onDone,
}: {
  taskId: string;
  upload: TaskUpload;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const remove = useDeleteTaskUpload();
  const onDelete = () =>
    remove.mutate(
      { id: taskId, uploadId: upload.id },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.files.deleteSuccess') });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.files.deleteFailure'),
          }),
      },
    );
  return (
    <ConfirmActions
      subject={upload.fileName}
      subjectClassName="truncate"
      onCancel={onDone}
      onConfirm={onDelete}
      isPending={remove.isPending}
      confirmLabel={t('tasks.files.deleteSubmit')}
      pendingLabel={t('tasks.files.deleting')}
    />
  );
}

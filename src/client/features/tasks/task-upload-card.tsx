import { Upload } from 'lucide-react';
import { useId } from 'react';
import type { MyTaskDetail } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { useMyUnfinishedUploads } from './api/get-my-unfinished-uploads.ts';
import { SelectedFiles } from './selected-files.tsx';
import { UnfinishedUploads } from './unfinished-uploads.tsx';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { useTaskUpload } from './use-task-upload.ts';

/**
 * Choosing files (picker or drag and drop), checked before anything is sent, then sent with
 * their progress and a way to cancel: small files in one request, large ones each as a
 * resumable upload that survives a dropped connection (decision 0028). Uploads left unfinished
 * (a reload, a closed browser) are listed, to resume or discard: they hold places meanwhile.
 */
export function TaskUploadCard({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  const unfinished = useMyUnfinishedUploads(task.id, { enabled: task.unfinishedUploadCount > 0 });
  const upload = useTaskUpload(task, unfinished.data?.items ?? []);
  const titleId = useId();
  const hintId = useId();
  const { selected, isSending, remaining } = upload;

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
      {task.unfinishedUploadCount > 0 && (
        <UnfinishedUploads
          taskId={task.id}
          uploads={upload.unfinished}
          status={unfinished.status}
          kinds={upload.kinds}
          isSending={isSending}
          onResume={upload.resume}
        />
      )}
      <UploadDropZone
        kinds={upload.kinds}
        onChoose={upload.choose}
        isSending={isSending}
        isFull={remaining === 0}
        hintId={hintId}
      />

      {selected.length > 0 && (
        <div className="grid gap-3">
          <h3 className="text-sm font-medium">
            {t('tasks.upload.selected', { count: selected.length })}
          </h3>
          <SelectedFiles
            files={selected}
            fileProgress={upload.fileProgress}
            onRemove={isSending ? undefined : upload.remove}
          />
          {upload.progress !== null && (
            <UploadProgress
              progress={upload.progress}
              label={t(upload.isOffline ? 'tasks.upload.waiting' : 'tasks.upload.uploading')}
              name={t('tasks.upload.progress')}
            />
          )}
          {/* Always in the page while files are chosen (out of sight while empty), so a screen
              reader hears it when it fills. */}
          <p role="status" className="text-sm empty:sr-only">
            {upload.isOffline ? t('tasks.upload.offline') : ''}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {isSending ? (
              <Button variant="outline" onClick={upload.cancel}>
                {t('tasks.upload.cancel')}
              </Button>
            ) : (
              <Button variant="ghost" onClick={upload.clear}>
                {t('tasks.upload.clear')}
              </Button>
            )}
            <Button
              onClick={upload.send}
              isPending={isSending}
              pendingLabel={
                <>
                  <Upload aria-hidden="true" />
                  {t('tasks.upload.uploading')}
                </>
              }
            >
              <Upload aria-hidden="true" />
              {t('tasks.upload.submit', { count: selected.length })}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

import { ArrowLeft, FileStack, Files, SearchX, Send } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import { acceptsFiles, finishedAt, type MyTaskDetail } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useMyTask } from './api/get-my-task.ts';
import { useUpdateMyTaskStatus } from './api/update-my-task-status.ts';
import { RequestedChanges, ReviewHistory } from './review-history.tsx';
import { TaskFiles } from './task-files.tsx';
import { ContentTypeLabel, DueDate, TaskStatusBadge } from './task-parts.tsx';
import { TaskUploadCard } from './task-upload-card.tsx';
import { useTaskStatusChange } from './use-task-status-change.ts';

export function TaskDetailPage() {
  const { t } = useLanguage();
  const { id = '' } = useParams();
  const task = useMyTask(id);

  if (task.isPending) {
    return (
      <PageMain>
        <p role="status" className="py-12 text-center text-muted-foreground">
          {t('common.loading')}
        </p>
      </PageMain>
    );
  }
  if (task.isError) return <TaskNotFound error={task.error} />;
  return <TaskDetail task={task.data} />;
}

/**
 * A task that fails to load or is not the reader's; one they had once (an old notice's link) says
 * it was withdrawn.
 */
function TaskNotFound({ error }: { error: Error }) {
  const { t } = useLanguage();
  const withdrawn =
    error instanceof ApiError &&
    (error.body as { code?: unknown } | undefined)?.code === 'task.withdrawn';
  return (
    <PageMain>
      <Card role="alert" className="grid justify-items-center gap-3 py-12 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-bold">
          {t(withdrawn ? 'tasks.withdrawn.title' : 'tasks.notFound.title')}
        </h1>
        <p className="max-w-md text-muted-foreground">
          {withdrawn ? translateMessage(t, 'task.withdrawn') : t('tasks.notFound.description')}
        </p>
        <Link to={paths.tasks} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('tasks.notFound.back')}
        </Link>
      </Card>
    </PageMain>
  );
}

function TaskDetail({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  const canChangeFiles = acceptsFiles(task.status);
  // Reviews come newest first; the latest request stands out until the creator resubmits.
  const latest = task.reviews[0];
  const changesToMake =
    latest?.decision === 'changes_requested' && canChangeFiles ? latest : undefined;
  return (
    <PageMain>
      <Link
        to={paths.tasks}
        className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('tasks.backToList')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {task.title}
        </h1>
        <TaskStatusBadge status={task.status} />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <TaskFacts task={task} />
          {changesToMake && <RequestedChanges review={changesToMake} />}
          {canChangeFiles ? (
            <TaskUploadCard task={task} />
          ) : (
            <p className="rounded-md border border-border bg-surface p-3 text-sm text-muted-foreground">
              {translateMessage(t, 'task.files_closed')}
            </p>
          )}
          <TaskFiles task={task} canDelete={canChangeFiles} />
          {task.reviews.length > 0 && (
            <Card>
              <ReviewHistory reviews={task.reviews} heading="h2" />
            </Card>
          )}
        </div>
        <div className="grid content-start gap-6">
          <StatusCard task={task} />
          <QuickActions task={task} />
        </div>
      </div>
    </PageMain>
  );
}

/** The task as assigned: its description, due date, kind of content and files. */
function TaskFacts({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  return (
    <Card className="grid gap-4">
      <p className="break-words whitespace-pre-line">{task.description}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-1 sm:col-span-2">
          <dt className="text-muted-foreground">{t('tasks.field.dueDate')}</dt>
          <dd>
            <DueDate
              dueDate={task.dueDate}
              status={task.status}
              finishedAt={finishedAt(task.status, [task])}
            />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('tasks.field.contentType')}</dt>
          <dd>
            <ContentTypeLabel contentType={task.contentType} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('tasks.field.maxFiles')}</dt>
          <dd className="inline-flex items-center gap-2">
            <FileStack className="size-4 text-muted-foreground" aria-hidden="true" />
            {task.maxFiles}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('tasks.field.fileCount')}</dt>
          <dd className="inline-flex items-center gap-2">
            <Files className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('tasks.filesOfLimit', { done: task.fileCount, count: task.maxFiles })}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function useMove(task: MyTaskDetail) {
  const update = useUpdateMyTaskStatus();
  const move = useTaskStatusChange(update, task.id);
  return { move, isPending: update.isPending };
}

/** From new only 'Mark In Progress'; from in progress only 'Submit for Review'. */
function StatusCard({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  const { move, isPending } = useMove(task);
  const titleId = useId();
  const hintId = useId();
  const hasFiles = task.fileCount > 0;
  return (
    <Card role="region" aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="font-semibold">
        {t('tasks.statusCard.title')}
      </h2>
      <p className="flex items-center gap-2 text-sm">
        {t('tasks.statusCard.current')} <TaskStatusBadge status={task.status} />
      </p>
      {task.status === 'new' && (
        <Button
          onClick={() => move('in_progress')}
          isPending={isPending}
          pendingLabel={t('common.saving')}
        >
          {t('tasks.statusCard.markInProgress')}
        </Button>
      )}
      {task.status === 'in_progress' && (
        <>
          <Button
            onClick={() => move('submitted')}
            disabled={!hasFiles}
            isPending={isPending}
            pendingLabel={t('common.saving')}
            aria-describedby={hasFiles ? undefined : hintId}
          >
            {t('tasks.statusCard.submitForReview')}
          </Button>
          {!hasFiles && (
            <p id={hintId} className="text-sm text-muted-foreground">
              {translateMessage(t, 'task.submit_needs_file')}
            </p>
          )}
        </>
      )}
      {task.status === 'submitted' && (
        <p className="text-sm text-muted-foreground">{t('tasks.statusCard.submitted')}</p>
      )}
      {task.status === 'completed' && (
        <p className="text-sm text-muted-foreground">{t('tasks.statusCard.completed')}</p>
      )}
    </Card>
  );
}

function QuickActions({ task }: { task: MyTaskDetail }) {
  const { t } = useLanguage();
  const { move, isPending } = useMove(task);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="font-semibold">
        {t('tasks.quickActions.title')}
      </h2>
      {task.status === 'in_progress' && task.fileCount > 0 && (
        <Button
          onClick={() => move('submitted')}
          isPending={isPending}
          pendingLabel={
            <>
              <Send aria-hidden="true" />
              {t('common.saving')}
            </>
          }
        >
          <Send aria-hidden="true" />
          {t('tasks.quickActions.submit')}
        </Button>
      )}
      <Link to={paths.tasks} className={cn(buttonVariants({ variant: 'outline' }))}>
        <ArrowLeft aria-hidden="true" />
        {t('tasks.quickActions.back')}
      </Link>
    </Card>
  );
}

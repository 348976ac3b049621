import { ArrowLeft, FileArchive, FileStack } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import { finishedAt, type AdminTaskDetail, type ReviewedAssignee } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useAdminTask } from './api/get-admin-task.ts';
import { assigneeArchiveUrl } from './api/review-assignee.ts';
import { AssigneeGallery } from './assignee-gallery.tsx';
import { displayName } from './assignees.ts';
import { ReviewActions } from './review-actions.tsx';
import { ReviewHistory, usePersonName } from './review-history.tsx';
import { ContentTypeLabel, DueDate, TaskStatusBadge } from './task-parts.tsx';
import { formatDateTime } from '../../lib/format.ts';

/** `/admin/task-requests/{id}`: a task with each creator's work, to look at and judge. */
export function AdminTaskDetailPage() {
  const { t } = useLanguage();
  const { id = '' } = useParams();
  const task = useAdminTask(id);
  return (
    <PageMain>
      <Link
        to={paths.adminTasks}
        className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('tasks.review.backToList')}
      </Link>
      <QueryState query={task}>{(data) => <TaskReview task={data} />}</QueryState>
    </PageMain>
  );
}

function TaskReview({ task }: { task: AdminTaskDetail }) {
  const { t } = useLanguage();
  const assigneesTitleId = useId();
  return (
    <>
      <div className="grid gap-1">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {task.title}
          </h1>
          <TaskStatusBadge status={task.status} />
        </div>
        <p className="text-muted-foreground">{t('tasks.review.subtitle')}</p>
      </div>
      <Card className="grid gap-4">
        <p className="break-words whitespace-pre-line">{task.description}</p>
        <ul className="grid gap-2 text-sm">
          <li>
            <DueDate
              dueDate={task.dueDate}
              status={task.status}
              finishedAt={finishedAt(task.status, task.assignees)}
            />
          </li>
          <li className="flex flex-wrap gap-x-4 gap-y-2">
            <ContentTypeLabel contentType={task.contentType} />
            <span className="inline-flex items-center gap-2">
              <FileStack className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {t('tasks.maxFilesValue', { count: task.maxFiles })}
            </span>
          </li>
        </ul>
      </Card>
      <section aria-labelledby={assigneesTitleId} className="grid gap-4">
        <h2 id={assigneesTitleId} className="text-xl font-semibold">
          {t('tasks.review.assigneesTitle')}
        </h2>
        {task.assignees.length === 0 ? (
          <p className="text-muted-foreground">{t('tasks.review.noAssignees')}</p>
        ) : (
          task.assignees.map((assignee) => (
            <AssigneeReview key={assignee.userId} taskId={task.id} assignee={assignee} />
          ))
        )}
      </section>
    </>
  );
}

function Moment({ iso }: { iso: string | null }) {
  const { t, language } = useLanguage();
  if (!iso) return <>{t('tasks.review.notYet')}</>;
  return <time dateTime={iso}>{formatDateTime(iso, language)}</time>;
}

function AssigneeReview({ taskId, assignee }: { taskId: string; assignee: ReviewedAssignee }) {
  const { t } = useLanguage();
  const titleId = useId();
  const nameOf = usePersonName();
  const name = displayName(assignee);
  return (
    <Card role="region" aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 font-semibold break-words">
          {name} <span className="font-normal text-muted-foreground">@{assignee.username}</span>
        </h3>
        <TaskStatusBadge status={assignee.status} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('tasks.review.submittedAt')}</dt>
          <dd>
            <Moment iso={assignee.submittedAt} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('tasks.review.completedAt')}</dt>
          <dd>
            <Moment iso={assignee.completedAt} />
            {assignee.completedAt && (
              <span className="block text-muted-foreground">
                {t('tasks.review.completedBy', { name: nameOf(assignee.completedBy) })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {assignee.status === 'submitted' && (
        <div className="grid gap-2 rounded-md border border-purple-400/40 bg-purple-400/10 p-3">
          <p className="text-sm font-medium">{t('tasks.review.awaiting')}</p>
          <ReviewActions taskId={taskId} assignee={assignee} />
        </div>
      )}
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="font-semibold">
            {t('tasks.gallery.title', { count: assignee.uploads.length })}
          </h4>
          {assignee.uploads.length > 0 && (
            <a
              href={assigneeArchiveUrl(taskId, assignee.userId)}
              download
              aria-label={t('tasks.gallery.downloadAllNamed', { name })}
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
            >
              <FileArchive aria-hidden="true" />
              {t('tasks.gallery.downloadAll')}
            </a>
          )}
        </div>
        <AssigneeGallery uploads={assignee.uploads} />
      </div>
      <ReviewHistory
        reviews={assignee.reviews}
        heading="h4"
        label={t('tasks.review.historyOf', { name })}
      />
    </Card>
  );
}

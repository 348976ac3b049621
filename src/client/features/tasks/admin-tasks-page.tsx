import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../domain/routes.ts';
import {
  finishedAt,
  taskStatuses,
  type AdminTask,
  type TaskStatus,
} from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { statusToneClasses, taskStatusTone } from '../../components/list/status-badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmActions, ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useDeleteTask } from './api/delete-task.ts';
import { useAdminTasks } from './api/get-admin-tasks.ts';
import { useSetTaskStatus } from './api/set-task-status.ts';
import { displayName, statusChangePlan, submittedCount } from './assignees.ts';
import { useAwaitingReviewFilter } from './awaiting-review-filter.ts';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { TaskList, useTaskListParams } from './task-list.tsx';
import { TaskCardSummary, TaskStatusBadge } from './task-parts.tsx';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete'; task: AdminTask }
  | { kind: 'status'; task: AdminTask; status: TaskStatus }
  | null;

function isTaskStatus(value: string): value is TaskStatus {
  return (taskStatuses as readonly string[]).includes(value);
}

export function AdminTasksPage() {
  const { t } = useLanguage();
  const { params, setPage, isFiltered } = useTaskListParams();
  const awaitingReview = useAwaitingReviewFilter();
  const tasks = useAdminTasks({ ...params, review: awaitingReview.review });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <PageMain>
      <ScreenHeader
        page="adminTasks"
        action={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('tasks.create.open')}
          </Button>
        }
      />

      {awaitingReview.isOn && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-purple-400/40 bg-purple-400/10 p-3 text-sm">
          <p>{t('tasks.review.filterAwaiting')}</p>
          <Button variant="outline" size="sm" onClick={awaitingReview.clear}>
            {t('tasks.review.showAll')}
          </Button>
        </div>
      )}

      <TaskList
        query={tasks}
        onPageChange={setPage}
        isFiltered={isFiltered || awaitingReview.isOn}
        emptyDescription={t('tasks.empty.admin')}
        className="lg:grid-cols-2"
      >
        {(task) => (
          <AdminTaskCard
            task={task}
            onEdit={() => setDialog({ kind: 'edit', task })}
            onDelete={() => setDialog({ kind: 'delete', task })}
            onStatusChoice={(status) => setDialog({ kind: 'status', task, status })}
          />
        )}
      </TaskList>

      <TaskFormDialog open={dialog?.kind === 'create'} onOpenChange={(open) => !open && close()} />
      <TaskFormDialog
        task={dialog?.kind === 'edit' ? dialog.task : undefined}
        open={dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onClose={close}
        title={t('tasks.delete.title')}
        description={t('tasks.delete.confirm')}
      >
        {dialog?.kind === 'delete' && <DeleteConfirmation task={dialog.task} onDone={close} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'status'}
        onClose={close}
        title={t('tasks.statusConfirm.title')}
        description={
          dialog?.kind === 'status' &&
          t('tasks.statusConfirm.description', { status: t(`tasks.status.${dialog.status}`) })
        }
      >
        {dialog?.kind === 'status' && (
          <StatusConfirmation task={dialog.task} status={dialog.status} onDone={close} />
        )}
      </ConfirmDialog>
    </PageMain>
  );
}

function AdminTaskCard({
  task,
  onEdit,
  onDelete,
  onStatusChoice,
}: {
  task: AdminTask;
  onEdit: () => void;
  onDelete: () => void;
  onStatusChoice: (status: TaskStatus) => void;
}) {
  const { t } = useLanguage();
  const statusId = useId();

  return (
    <Card className="flex h-full flex-col gap-4">
      <TaskCardSummary
        task={task}
        files={t('tasks.maxFilesValue', { count: task.maxFiles })}
        finishedAt={finishedAt(task.status, task.assignees)}
      />
      <div className="grid gap-1.5">
        <label htmlFor={statusId} className="text-sm font-medium">
          {t('tasks.field.status')}
        </label>
        <Select
          id={statusId}
          value={task.status}
          onChange={(event) => {
            const next = event.target.value;
            if (isTaskStatus(next) && next !== task.status) onStatusChoice(next);
          }}
          className={cn('font-semibold', statusToneClasses(taskStatusTone[task.status]))}
          aria-describedby={`${statusId}-hint`}
        >
          {taskStatuses.map((status) => (
            <option key={status} value={status} className="bg-surface text-foreground">
              {t(`tasks.status.${status}`)}
            </option>
          ))}
        </Select>
        <p id={`${statusId}-hint`} className="text-xs text-muted-foreground">
          {t('tasks.admin.statusHint')}
        </p>
      </div>
      <AssigneeProgress task={task} />
      <div className="mt-auto flex flex-wrap gap-1 border-t border-border pt-3">
        <Link
          to={paths.adminTaskDetail(task.id)}
          aria-label={t('tasks.review.openNamed', { title: task.title })}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          <Eye aria-hidden="true" />
          {t('tasks.review.open')}
        </Link>
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          aria-label={t('tasks.edit.openNamed', { title: task.title })}
        >
          <Pencil aria-hidden="true" />
          {t('tasks.edit.open')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          className="text-red-400 hover:text-red-300"
          aria-label={t('tasks.delete.openNamed', { title: task.title })}
        >
          <Trash2 aria-hidden="true" />
          {t('tasks.delete.open')}
        </Button>
      </div>
    </Card>
  );
}

function AssigneeProgress({ task }: { task: AdminTask }) {
  const { t } = useLanguage();
  const total = task.assignees.length;
  const done = submittedCount(task.assignees);
  return (
    <div className="grid grid-cols-1 gap-2 rounded-md border border-border bg-background p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <h3 className="font-medium">{t('tasks.admin.assignees')}</h3>
        <span className="text-muted-foreground">{t('tasks.admin.progress', { done, total })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('tasks.admin.progress', { done, total })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-1.5 overflow-hidden rounded-full bg-surface"
      >
        <div
          className="h-full rounded-full bg-purple-400"
          style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }}
        />
      </div>
      <ul className="grid grid-cols-1 gap-1.5 text-sm">
        {task.assignees.map((assignee) => (
          <li key={assignee.userId} className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">
              {displayName(assignee)}{' '}
              <span className="text-muted-foreground">@{assignee.username}</span>
              <span className="sr-only">
                , {t('tasks.fileCountValue', { count: assignee.fileCount })}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {t('tasks.fileCountShort', { count: assignee.fileCount })}
              </span>
              <TaskStatusBadge status={assignee.status} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeleteConfirmation({ task, onDone }: { task: AdminTask; onDone: () => void }) {
  const { t } = useLanguage();
  const remove = useDeleteTask();
  const onDelete = () =>
    remove.mutate(task.id, {
      onSuccess: () => {
        toast({ title: t('common.success'), description: t('tasks.delete.success') });
        onDone();
      },
      onError: (error) =>
        toastFailure(t, error, { title: t('common.error'), fallback: t('tasks.delete.failure') }),
    });
  return (
    <ConfirmActions
      subject={task.title}
      subjectClassName="break-words"
      onCancel={onDone}
      onConfirm={onDelete}
      isPending={remove.isPending}
      confirmLabel={t('tasks.delete.submit')}
      pendingLabel={t('tasks.delete.deleting')}
    />
  );
}

/** What the status change will do to whom, then the change itself. */
function StatusConfirmation({
  task,
  status,
  onDone,
}: {
  task: AdminTask;
  status: TaskStatus;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const setStatus = useSetTaskStatus();
  const { moving, withoutFiles } = statusChangePlan(task.assignees, status);
  const statusName = t(`tasks.status.${status}`);
  const onConfirm = () =>
    setStatus.mutate(
      { id: task.id, status },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.statusUpdate.success') });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.statusUpdate.failure'),
          }),
      },
    );
  return (
    <ConfirmActions
      subject={
        <>
          <span className="block font-medium break-words">{task.title}</span>
          <span className="block">
            {t('tasks.statusConfirm.moving', { count: moving, status: statusName })}
          </span>
          {withoutFiles > 0 && (
            <span className="block text-muted-foreground">
              {t('tasks.statusConfirm.withoutFiles', { count: withoutFiles })}
            </span>
          )}
        </>
      }
      onCancel={onDone}
      onConfirm={onConfirm}
      isPending={setStatus.isPending}
      confirmLabel={t('tasks.statusConfirm.submit')}
      pendingLabel={t('tasks.statusConfirm.changing')}
      confirmVariant="default"
    />
  );
}

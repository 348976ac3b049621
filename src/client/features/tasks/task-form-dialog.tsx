import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  contentTypes,
  maxFilesLimit,
  taskTitleMaxLength,
  type AdminTask,
} from '../../../domain/tasks.ts';
import { taskInputSchema, type TaskFields, type TaskInput } from '../../../domain/task-input.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useCreateTask } from './api/create-task.ts';
import { useUpdateTask } from './api/update-task.ts';
import { AssigneePicker } from './assignee-picker.tsx';
import { toDateTimeLocal } from './due-date.ts';

interface TaskFormDialogProps {
  /** The task to edit; without one the dialog creates a task. */
  task?: AdminTask;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Task and Edit Task: the same fields, the same rules. */
export function TaskFormDialog({ task, open, onOpenChange }: TaskFormDialogProps) {
  const { t } = useLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(task ? 'tasks.edit.title' : 'tasks.create.title')}
      description={t(task ? 'tasks.edit.description' : 'tasks.create.description')}
    >
      <TaskForm task={task} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function TaskForm({ task, onDone }: { task?: AdminTask; onDone: () => void }) {
  const { t } = useLanguage();
  // The due date is typed in a datetime-local input (local time); the schema sends it as ISO.
  const form = useForm<TaskInput, unknown, TaskFields>({
    resolver: zodResolver(taskInputSchema),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      dueDate: task ? toDateTimeLocal(task.dueDate) : '',
      contentType: task?.contentType ?? 'both',
      maxFiles: String(task?.maxFiles ?? maxFilesLimit.default),
      assignedUsers: task?.assignees.map((assignee) => assignee.userId) ?? [],
    },
  });
  const assignees = useController({ control: form.control, name: 'assignedUsers' });
  const save = useSaveTask(task, onDone);

  return (
    <form onSubmit={form.handleSubmit(save.submit)} noValidate className="grid gap-4">
      <TaskFieldInputs form={form} savedDueDate={task?.dueDate} />
      <AssigneePicker
        value={assignees.field.value}
        onChange={(ids) => assignees.field.onChange(ids)}
        initial={task?.assignees.map(({ userId, username, firstName, lastName }) => ({
          id: userId,
          username,
          firstName,
          lastName,
        }))}
        error={translateMessage(t, form.formState.errors.assignedUsers?.message)}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={save.isPending} pendingLabel={t('common.saving')}>
          {t(task ? 'tasks.edit.submit' : 'tasks.create.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Saves the form's task, new or edited, and says how it went. */
function useSaveTask(task: AdminTask | undefined, onDone: () => void) {
  const { t } = useLanguage();
  const create = useCreateTask();
  const update = useUpdateTask();
  const action = task ? 'edit' : 'create';
  const outcome = {
    onSuccess: () => {
      toast({ title: t('common.success'), description: t(`tasks.${action}.success`) });
      onDone();
    },
    onError: (error: Error) =>
      toastFailure(t, error, { title: t('common.error'), fallback: t(`tasks.${action}.failure`) }),
  };
  return {
    isPending: create.isPending || update.isPending,
    submit: (values: TaskFields) => {
      if (task) update.mutate({ ...values, id: task.id }, outcome);
      else create.mutate(values, outcome);
    },
  };
}

/** The task's own fields: title, description, due date, content type and file limit. */
function TaskFieldInputs({
  form,
  savedDueDate,
}: {
  form: UseFormReturn<TaskInput, unknown, TaskFields>;
  savedDueDate?: string;
}) {
  const { t } = useLanguage();
  const { errors } = form.formState;
  const dueDateHint = useDueDateHint(
    useWatch({ control: form.control, name: 'dueDate' }),
    savedDueDate,
  );
  return (
    <>
      <Field label={t('tasks.field.title')} error={translateMessage(t, errors.title?.message)}>
        {(control) => (
          <Input
            {...control}
            {...form.register('title')}
            maxLength={taskTitleMaxLength}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        label={t('tasks.field.description')}
        error={translateMessage(t, errors.description?.message)}
      >
        {(control) => <Textarea {...control} {...form.register('description')} rows={4} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('tasks.field.dueDate')}
          hint={dueDateHint}
          error={translateMessage(t, errors.dueDate?.message)}
        >
          {(control) => <Input {...control} {...form.register('dueDate')} type="datetime-local" />}
        </Field>
        <Field
          label={t('tasks.field.contentType')}
          error={translateMessage(t, errors.contentType?.message)}
        >
          {(control) => (
            <Select {...control} {...form.register('contentType')}>
              {contentTypes.map((contentType) => (
                <option key={contentType} value={contentType}>
                  {t(`tasks.contentType.${contentType}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        label={t('tasks.field.maxFiles')}
        hint={t('tasks.form.maxFilesHint', { min: maxFilesLimit.min, max: maxFilesLimit.max })}
        error={translateMessage(t, errors.maxFiles?.message)}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('maxFiles')}
            type="number"
            inputMode="numeric"
            min={maxFilesLimit.min}
            max={maxFilesLimit.max}
            step={1}
          />
        )}
      </Field>
    </>
  );
}

/**
 * A courtesy beside the due date: a date in the past is allowed (work already late) but said, and
 * a moved date says who will hear of it.
 */
function useDueDateHint(value: string, saved: string | undefined) {
  const { t } = useLanguage();
  const chosen = new Date(value).getTime();
  if (Number.isNaN(chosen)) return undefined;
  const past = chosen < new Date().getTime();
  const moved = saved !== undefined && chosen !== Date.parse(saved);
  if (!past && !moved) return undefined;
  return (
    <span role="status" className={cn(past && 'text-yellow-300')}>
      {[past && t('tasks.form.dueDatePast'), moved && t('tasks.form.dueDateMoved')]
        .filter(Boolean)
        .join(' ')}
    </span>
  );
}

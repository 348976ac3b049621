import type { TaskStatus, TaskStatusUpdate } from '../../../domain/tasks.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import type { Action } from '../../lib/action.ts';

/**
 * A task's status change through either status mutation (the administrator's or the creator's),
 * with the same success and failure toasts.
 */
export function useTaskStatusChange<Result>(
  mutation: Action<Result, TaskStatusUpdate & { id: string }>,
  id: string,
): (status: TaskStatus) => void {
  const { t } = useLanguage();
  return (status) =>
    mutation.mutate(
      { id, status },
      {
        onSuccess: () =>
          toast({ title: t('common.success'), description: t('tasks.statusUpdate.success') }),
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.statusUpdate.failure'),
          }),
      },
    );
}

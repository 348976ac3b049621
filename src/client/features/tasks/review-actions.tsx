import { zodResolver } from '@hookform/resolvers/zod';
import { Check, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { reviewFeedbackMaxLength, type ReviewedAssignee } from '../../../domain/tasks.ts';
import { taskReviewInputSchema, type TaskReviewInput } from '../../../domain/task-input.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmActions, ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useReviewAssignee } from './api/review-assignee.ts';
import { displayName } from './assignees.ts';

type OpenDialog = 'approve' | 'changes' | null;

/** Approve, or Request changes with a note: for an assignee whose submission awaits review. */
export function ReviewActions({
  taskId,
  assignee,
}: {
  taskId: string;
  assignee: ReviewedAssignee;
}) {
  const { t } = useLanguage();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const name = displayName(assignee);
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setDialog('approve')}>
        <Check aria-hidden="true" />
        {t('tasks.review.approve')}
      </Button>
      <Button variant="outline" onClick={() => setDialog('changes')}>
        <MessageSquareWarning aria-hidden="true" />
        {t('tasks.review.requestChanges')}
      </Button>
      <ConfirmDialog
        open={dialog === 'approve'}
        onClose={close}
        title={t('tasks.review.approveTitle')}
        description={t('tasks.review.approveDescription')}
      >
        {dialog === 'approve' && (
          <ApproveConfirmation taskId={taskId} assignee={assignee} onDone={close} />
        )}
      </ConfirmDialog>
      <Dialog
        open={dialog === 'changes'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={t('tasks.review.requestChangesTitle', { name })}
        description={t('tasks.review.requestChangesDescription')}
      >
        <RequestChangesForm taskId={taskId} userId={assignee.userId} onDone={close} />
      </Dialog>
    </div>
  );
}

function ApproveConfirmation({
  taskId,
  assignee,
  onDone,
}: {
  taskId: string;
  assignee: ReviewedAssignee;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const review = useReviewAssignee();
  // The answer moves the assignment out of 'submitted', which unmounts these buttons: the
  // outcome still runs (useAction).
  const onConfirm = () =>
    review.mutate(
      { taskId, userId: assignee.userId, decision: 'approved' },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.review.approveSuccess') });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.review.approveFailure'),
          }),
      },
    );
  return (
    <ConfirmActions
      subject={t('tasks.review.approveSubject', {
        name: displayName(assignee),
        count: assignee.uploads.length,
      })}
      onCancel={onDone}
      onConfirm={onConfirm}
      isPending={review.isPending}
      confirmLabel={t('tasks.review.approve')}
      pendingLabel={t('tasks.review.approving')}
      confirmVariant="default"
    />
  );
}

/** The note is required by the domain's schema, so the form and the server refuse alike. */
function RequestChangesForm({
  taskId,
  userId,
  onDone,
}: {
  taskId: string;
  userId: string;
  onDone: () => void;
}) {
  const { t } = useLanguage();
  const review = useReviewAssignee();
  const form = useForm<TaskReviewInput>({
    resolver: zodResolver(taskReviewInputSchema),
    defaultValues: { decision: 'changes_requested', feedback: '' },
  });
  const { errors } = form.formState;
  // As for approving: the answer unmounts this form, and the outcome still runs.
  const onSubmit = form.handleSubmit((values) =>
    review.mutate(
      { taskId, userId, ...values },
      {
        onSuccess: () => {
          toast({ title: t('common.success'), description: t('tasks.review.changesSuccess') });
          onDone();
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('tasks.review.changesFailure'),
          }),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field
        label={t('tasks.review.feedback')}
        hint={t('tasks.review.feedbackHint')}
        error={translateMessage(t, errors.feedback?.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('feedback')}
            required
            maxLength={reviewFeedbackMaxLength}
          />
        )}
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={review.isPending} pendingLabel={t('tasks.review.sending')}>
          {t('tasks.review.send')}
        </Button>
      </DialogFooter>
    </form>
  );
}

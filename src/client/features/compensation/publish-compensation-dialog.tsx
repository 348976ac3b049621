import type { AdminCompensation } from '../../../domain/compensation.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { ConfirmActions, ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { formatMoney } from '../../lib/format.ts';
import { usePublishCompensation } from './api/publish-compensation.ts';
import { periodLabel } from './compensation-format.ts';

/**
 * Publish Compensation: asks before a draft goes to its creator, who is told by a notification and
 * by mail. Open while `compensation` is given.
 */
export function PublishCompensationDialog({
  compensation,
  onClose,
}: {
  compensation: AdminCompensation | undefined;
  onClose: () => void;
}) {
  const { t } = useLanguage();
  return (
    <ConfirmDialog
      open={compensation !== undefined}
      onClose={onClose}
      title={t('compensation.publish.title')}
      description={t('compensation.publish.confirm')}
    >
      {compensation && <PublishConfirmation compensation={compensation} onDone={onClose} />}
    </ConfirmDialog>
  );
}

function PublishConfirmation({
  compensation,
  onDone,
}: {
  compensation: AdminCompensation;
  onDone: () => void;
}) {
  const { t, language } = useLanguage();
  const publish = usePublishCompensation();
  const onPublish = () =>
    publish.mutate(compensation.id, {
      onSuccess: () => {
        toast({ title: t('common.success'), description: t('compensation.publish.success') });
        onDone();
      },
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('compensation.publish.failure'),
        }),
    });
  return (
    <ConfirmActions
      subject={`${periodLabel(compensation, language)}: ${formatMoney(compensation.amount, language)}`}
      onCancel={onDone}
      onConfirm={onPublish}
      isPending={publish.isPending}
      confirmLabel={t('compensation.publish.submit')}
      pendingLabel={t('compensation.publish.publishing')}
      confirmVariant="default"
    />
  );
}

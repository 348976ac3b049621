import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Lock } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  applicationStatuses,
  applicationStatusUpdateSchema,
  type Application,
  type ApplicationReviewResponse,
  type ApplicationStatus,
  type ApplicationStatusUpdate,
} from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select, Textarea } from '../../../components/ui/input.tsx';
import { toastFailure } from '../../../components/ui/toast-failure.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useUpdateApplicationStatus } from '../api/update-application-status.ts';
import { EraseApplication } from './erase-application.tsx';
import type { PendingInvitation } from './invitation-link.tsx';
import { PreviousNotes } from './previous-notes.tsx';

type StatusFormInput = z.input<typeof applicationStatusUpdateSchema>;

/**
 * The status update and what follows it: a toast saying what changed (and that the invitation
 * went, after an approval); the invitation link kept on screen when it did not reach a mail
 * server; otherwise the review is done.
 */
function useStatusUpdate({
  application,
  onReviewed,
  onInvitation,
}: {
  application: Application;
  onReviewed: () => void;
  onInvitation: (invitation: PendingInvitation) => void;
}) {
  const { t } = useLanguage();
  const update = useUpdateApplicationStatus();
  const [failure, setFailure] = useState<string>();
  const form = useForm<StatusFormInput, unknown, ApplicationStatusUpdate>({
    resolver: zodResolver(applicationStatusUpdateSchema),
    defaultValues: { adminNotes: '' },
  });
  const isLocked = application.status === 'approved';

  const onSaved = (status: ApplicationStatus, saved: ApplicationReviewResponse) => {
    const updated = t('applications.updatedDescription', {
      name: `${application.firstName} ${application.lastName}`,
      status: t(`applications.status.${status}`),
    });
    toast({
      title: t('applications.updatedTitle'),
      description:
        saved.invitationDelivery === 'sent'
          ? `${updated} ${t('applications.invitation.sent', { email: application.email })}`
          : updated,
    });
    // The link must stay on screen to be copied; otherwise the review is done.
    if (saved.invitationUrl && saved.invitationDelivery !== 'sent') {
      onInvitation({ delivery: saved.invitationDelivery ?? 'failed', url: saved.invitationUrl });
    } else onReviewed();
  };

  const onSubmit = form.handleSubmit(
    ({ status, adminNotes }) => {
      if (isLocked) return;
      setFailure(undefined);
      update.mutate(
        { id: application.id, status, ...(adminNotes ? { adminNotes } : {}) },
        {
          onSuccess: (saved) => onSaved(status, saved),
          onError: (error) =>
            setFailure(
              toastFailure(t, error, {
                title: t('applications.updateFailedTitle'),
                fallback: t('applications.updateFailed'),
              }),
            ),
        },
      );
    },
    // No status chosen: said beside the field too, as a toast sits beneath the open modal dialog.
    () =>
      toast({
        variant: 'destructive',
        title: t('applications.missingTitle'),
        description: t('applications.missingDescription'),
      }),
  );
  return { form, onSubmit, failure, isLocked, isPending: update.isPending };
}

function ApprovedBanner() {
  const { t } = useLanguage();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-green-400/40 bg-green-400/10 p-4 text-sm">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-300" aria-hidden="true" />
      <div>
        <p className="font-semibold text-green-200">{t('applications.approvedBanner')}</p>
        <p className="mt-1 text-muted-foreground">{t('applications.approvedBannerHint')}</p>
      </div>
    </div>
  );
}

function StatusSelect({
  control: formControl,
  isLocked,
}: {
  control: Control<StatusFormInput, unknown, ApplicationStatusUpdate>;
  isLocked: boolean;
}) {
  const { t } = useLanguage();
  return (
    <Controller
      control={formControl}
      name="status"
      render={({ field, fieldState }) => (
        <Field
          label={t('applications.statusLabel')}
          error={fieldState.error ? t('applications.missingDescription') : undefined}
        >
          {(control) => (
            <Select
              {...control}
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              disabled={isLocked}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value)}
            >
              <option value="" disabled>
                {t('applications.statusPlaceholder')}
              </option>
              {applicationStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`applications.status.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    />
  );
}

/**
 * The review's decision: a status, an optional note, and the earlier notes. An approved
 * application is locked: approval created an account, and changing it again could create a
 * second one (docs/product.md, "Applications Management").
 */
export function StatusForm(props: {
  application: Application;
  /** Cancel, or the application erased. */
  onClose: () => void;
  /** Saved, with no invitation link to keep on screen. */
  onReviewed: () => void;
  onInvitation: (invitation: PendingInvitation) => void;
}) {
  const { application, onClose } = props;
  const { t } = useLanguage();
  const { form, onSubmit, failure, isLocked, isPending } = useStatusUpdate(props);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t border-border pt-6">
      {isLocked && <ApprovedBanner />}
      <StatusSelect control={form.control} isLocked={isLocked} />
      <Field label={t('applications.notesLabel')}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register('adminNotes')}
            disabled={isLocked}
            placeholder={t('applications.notesPlaceholder')}
            rows={3}
          />
        )}
      </Field>
      <PreviousNotes notes={application.notes} />
      {failure !== undefined && (
        <div
          role="alert"
          className="rounded-lg border border-destructive bg-destructive/15 p-3 text-sm"
        >
          <p className="font-semibold">{t('applications.updateFailedTitle')}</p>
          <p className="mt-1">{failure}</p>
        </div>
      )}
      <DialogFooter>
        <EraseApplication application={application} onErased={onClose} />
        <Button variant="outline" onClick={onClose}>
          {t('applications.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={isLocked}
          isPending={isPending}
          pendingLabel={t('applications.updating')}
        >
          {isLocked ? (
            <>
              <Lock aria-hidden="true" />
              {t('applications.statusLocked')}
            </>
          ) : (
            t('applications.update')
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

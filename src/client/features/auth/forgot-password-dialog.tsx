import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { forgotPasswordRequestSchema } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { failureMessage, translateMessage } from '../../lib/messages.ts';
import { useRequestPasswordReset } from './api/request-password-reset.ts';
import { SignInNameField } from './sign-in-name-field.tsx';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const { t } = useLanguage();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
    >
      <ForgotPasswordForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useLanguage();
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { username: '' },
  });

  if (request.isSuccess) {
    // The same words whether or not the account exists: the answer must not tell.
    return (
      <div role="status">
        <MailCheck className="size-8 text-accent" aria-hidden="true" />
        <p className="mt-3">{t('auth.forgot.sent')}</p>
        <DialogFooter>
          <Button onClick={onDone}>{t('common.close')}</Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate>
      <SignInNameField
        {...form.register('username')}
        label={t('auth.forgot.username')}
        error={translateMessage(t, form.formState.errors.username?.message)}
      />
      {request.isError && (
        <p role="alert" className="mt-4 text-sm text-red-400">
          {failureMessage(t, request.error, t('auth.forgot.failed'))}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          isPending={request.isPending}
          pendingLabel={t('auth.forgot.submitting')}
        >
          {t('auth.forgot.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

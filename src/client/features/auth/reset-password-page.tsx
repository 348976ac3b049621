import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { invitationLinkParam, resetPasswordFormSchema } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { useSite } from '../../app/site-provider.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { NewPasswordFields } from '../../components/ui/password-field.tsx';
import { ApiError } from '../../lib/api-fetch.ts';
import { failureMessage, translateMessage } from '../../lib/messages.ts';
import { usePasswordLinkCheck } from './api/check-password-link.ts';
import { useResetPassword } from './api/reset-password.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { paths } from '../../../domain/routes.ts';

/** The server's refusal of a link that is unknown, used or expired. */
const isUnusableLink = (error: unknown) =>
  error instanceof ApiError &&
  typeof error.body === 'object' &&
  error.body !== null &&
  (error.body as { code?: unknown }).code === 'auth.reset_link_unusable';

/**
 * Where the reset mail's link lands (/reset-password?token=...), and the invitation of an
 * approved applicant (the same with &welcome=1), which speaks of setting up the new account.
 * The link is checked on arrival, so a used or expired one is said before anything is typed.
 */
export function ResetPasswordPage() {
  const { t } = useLanguage();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isInvitation = searchParams.get(invitationLinkParam) === '1';
  const wording = (key: 'title' | 'description' | 'submit' | 'done') =>
    t(isInvitation ? `auth.invitation.${key}` : `auth.reset.${key}`);
  const check = usePasswordLinkCheck(token);
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  return (
    <AuthFrame>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <Card className="sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{wording('title')}</h1>
          {reset.isSuccess ? (
            <div role="status" className="mt-4">
              <CircleCheck className="size-8 text-accent" aria-hidden="true" />
              <p className="mt-3">{wording('done')}</p>
              <Link to={paths.login} className={buttonVariants({ className: 'mt-6' })}>
                {t('auth.reset.signIn')}
              </Link>
            </div>
          ) : !token || check.data?.valid === false || isUnusableLink(reset.error) ? (
            <UnusableLink isInvitation={isInvitation} />
          ) : check.isPending ? (
            <p role="status" className="mt-4 text-muted-foreground">
              {t('auth.reset.checking')}
            </p>
          ) : (
            // Also when the check could not be made: the server checks the link on saving.
            <form
              onSubmit={form.handleSubmit(({ newPassword }) =>
                reset.mutate({ token, newPassword }),
              )}
              noValidate
              className="mt-6 grid gap-4"
            >
              <p className="text-sm text-muted-foreground">{wording('description')}</p>
              <NewPasswordFields
                newPassword={form.register('newPassword')}
                confirmPassword={form.register('confirmPassword')}
                errors={errors}
              />
              {reset.isError && (
                <div role="alert" className="text-sm text-red-400">
                  <p>{failureMessage(t, reset.error, t('auth.reset.failed'))}</p>
                  <Link to={paths.login} className="mt-1 inline-block text-accent underline">
                    {t('auth.reset.backToLogin')}
                  </Link>
                </div>
              )}
              <Button
                type="submit"
                size="lg"
                isPending={reset.isPending}
                pendingLabel={t('auth.reset.submitting')}
              >
                {wording('submit')}
              </Button>
            </form>
          )}
        </Card>
      </main>
    </AuthFrame>
  );
}

/**
 * A link that cannot be used, and the way to a new one: a reset link is asked for again here; an
 * invitation comes from the agency, which the person writes to.
 */
function UnusableLink({ isInvitation }: { isInvitation: boolean }) {
  const { t } = useLanguage();
  const { contactEmail } = useSite();
  const [isForgotOpen, setForgotOpen] = useState(false);
  return (
    <div className="mt-4">
      <p role="alert">
        {isInvitation
          ? t('auth.invitation.unusable')
          : translateMessage(t, 'auth.reset_link_unusable')}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {isInvitation ? (
          <a href={`mailto:${contactEmail}`} className={buttonVariants()}>
            {t('auth.invitation.writeToAgency', { email: contactEmail })}
          </a>
        ) : (
          <Button onClick={() => setForgotOpen(true)}>{t('auth.reset.askNew')}</Button>
        )}
        <Link to={paths.login} className={buttonVariants({ variant: 'outline' })}>
          {t('auth.reset.backToLogin')}
        </Link>
      </div>
      {!isInvitation && <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setForgotOpen} />}
    </div>
  );
}

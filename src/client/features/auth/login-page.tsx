import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { loginRequestSchema, type SignedInResponse } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import {
  homePathFor,
  returnToParam,
  safeReturnPath,
  useCurrentUser,
} from '../../lib/current-user.ts';
import { useLogin } from './api/login.ts';
import { useLoginTwoFactor } from './api/login-two-factor.ts';
import { CodeStepCard } from './code-step-card.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { SignInNameField } from './sign-in-name-field.tsx';
import { paths } from '../../../domain/routes.ts';

const benefitKeys = [
  'auth.login.benefit1',
  'auth.login.benefit2',
  'auth.login.benefit3',
  'auth.login.benefit4',
] as const;

/**
 * The sign-in form's state and what its submission does: on success the account's language is
 * taken and the person welcomed in it; on failure, a toast says why. With a second factor the
 * password step answers that a code is needed (`needsCode`), and the code step signs in. Held by
 * the page, which stays while the person is sent on, so the welcome is still said.
 */
function useSignInForm() {
  const { language, setLanguage, t } = useLanguage();
  const login = useLogin();
  // Held here, as the password step's action is: its answer re-renders the page, whose guard then
  // sends the person on.
  const finish = useLoginTwoFactor();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '', remember: false },
  });
  const welcome = async ({ username, user: account, previousSignInAt }: SignedInResponse) => {
    // The account's language wins over the one this page was read in, chosen the way the
    // language menu chooses (so it is remembered), and the welcome is said in it.
    const inAccountLanguage =
      account.preferredLanguage === language ? t : await setLanguage(account.preferredLanguage);
    toast({
      title: inAccountLanguage('auth.login.successTitle'),
      // "Welcome back" only to someone who has been here before.
      description: inAccountLanguage(
        previousSignInAt ? 'auth.login.success' : 'auth.login.successFirst',
        { name: username },
      ),
    });
  };
  const onSubmit = form.handleSubmit(
    (values) =>
      login.mutate(values, {
        onSuccess: (response) => {
          if ('twoFactorRequired' in response) setNeedsCode(true);
          else void welcome(response);
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('auth.login.failureTitle'),
            fallback: t('auth.login.invalidCredentials'),
          }),
      }),
    () =>
      toast({
        variant: 'destructive',
        title: t('auth.login.missingTitle'),
        description: t('auth.login.missing'),
      }),
  );
  return {
    form,
    onSubmit,
    isPending: login.isPending,
    needsCode,
    finish,
    backToPassword: () => {
      form.resetField('password');
      setNeedsCode(false);
    },
    welcome,
  };
}

type SignInForm = ReturnType<typeof useSignInForm>;

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const signIn = useSignInForm();
  const [isForgotOpen, setForgotOpen] = useState(false);

  // Signed in already, or just now: on to the page they asked for, or their dashboard.
  if (user) {
    return (
      <Navigate to={safeReturnPath(searchParams.get(returnToParam)) ?? homePathFor(user)} replace />
    );
  }

  return (
    <AuthFrame>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-16">
        <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
          {signIn.needsCode ? (
            <CodeStepCard
              finish={signIn.finish}
              onBack={signIn.backToPassword}
              onSignedIn={signIn.welcome}
            />
          ) : (
            <SignInCard signIn={signIn} onForgot={() => setForgotOpen(true)} />
          )}
          <Benefits />
        </div>
        <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setForgotOpen} />
      </main>
    </AuthFrame>
  );
}

function SignInCard({
  signIn: { form, onSubmit, isPending },
  onForgot,
}: {
  signIn: SignInForm;
  onForgot: () => void;
}) {
  const { t } = useLanguage();
  const { errors } = form.formState;
  return (
    <Card className="sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('auth.login.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('auth.login.subtitle')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
        <SignInNameField
          {...form.register('username')}
          label={t('auth.login.email')}
          hint={t('auth.login.emailHint')}
          error={translateMessage(t, errors.username?.message)}
        />
        <PasswordField
          {...form.register('password')}
          label={t('auth.login.password')}
          error={translateMessage(t, errors.password?.message)}
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              {...form.register('remember')}
              className="size-4 accent-(--color-accent)"
            />
            {t('auth.login.remember')}
          </label>
          <button
            type="button"
            onClick={onForgot}
            className="rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            {t('auth.login.forgot')}
          </button>
        </div>
        <Button
          type="submit"
          size="lg"
          isPending={isPending}
          pendingLabel={
            <>
              <LogIn aria-hidden="true" />
              {t('auth.login.submitting')}
            </>
          }
          className="mt-2"
        >
          <LogIn aria-hidden="true" />
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">{t('auth.login.support')}</p>
    </Card>
  );
}

/** Beside the form: what the agency's members get, and the way to apply. */
function Benefits() {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="login-benefits" className="lg:pt-8">
      <h2 id="login-benefits" className="text-xl font-bold tracking-tight">
        {t('auth.login.benefitsTitle')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('auth.login.benefitsIntro')}</p>
      <ul className="mt-6 grid gap-3">
        {benefitKeys.map((key) => (
          <li key={key} className="flex gap-3">
            <BadgeCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
      <Link to={paths.apply} className={buttonVariants({ variant: 'outline', className: 'mt-8' })}>
        {t('auth.login.applyNow')}
      </Link>
    </section>
  );
}

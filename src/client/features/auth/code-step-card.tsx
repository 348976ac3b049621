import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginTwoFactorRequestSchema, type SignedInResponse } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { translateMessage } from '../../lib/messages.ts';
import type { useLoginTwoFactor } from './api/login-two-factor.ts';

/** The refusal that means the password step must be done again (expired or finished challenge). */
const isChallengeOver = (error: unknown) =>
  error instanceof ApiError &&
  (error.body as { code?: unknown } | undefined)?.code === 'auth.two_factor_challenge_invalid';

/**
 * The code step of a sign-in (decision 0052): the authenticator's six digits, or a recovery code
 * instead. A challenge that has run out sends the person back to their password.
 */
export function CodeStepCard({
  finish,
  onBack,
  onSignedIn,
}: {
  finish: ReturnType<typeof useLoginTwoFactor>;
  onBack: () => void;
  onSignedIn: (response: SignedInResponse) => Promise<void>;
}) {
  const { t } = useLanguage();
  const [isRecovery, setRecovery] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginTwoFactorRequestSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form changed under the person: the screen reader and the keyboard start at its heading.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = form.handleSubmit((values) =>
    finish.mutate(values, {
      onSuccess: (response) => void onSignedIn(response),
      onError: (error) => {
        const message = toastFailure(t, error, {
          title: t('auth.login.failureTitle'),
          fallback: t('auth.login.invalidCredentials'),
        });
        if (isChallengeOver(error)) onBack();
        else form.setError('code', { message });
      },
    }),
  );

  return (
    <Card className="sm:p-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
      >
        {t('auth.twoFactor.title')}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {t(isRecovery ? 'auth.twoFactor.recoverySubtitle' : 'auth.twoFactor.subtitle')}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
        <Field
          key={isRecovery ? 'recovery' : 'app'}
          label={t(isRecovery ? 'auth.twoFactor.recoveryCode' : 'auth.twoFactor.code')}
          error={translateMessage(t, errors.code?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('code')}
              // Phones offer the digits keyboard and the code from a message or an app.
              inputMode={isRecovery ? 'text' : 'numeric'}
              autoComplete={isRecovery ? 'off' : 'one-time-code'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
            />
          )}
        </Field>
        <button
          type="button"
          onClick={() => {
            form.reset({ code: '' });
            setRecovery(!isRecovery);
          }}
          className="justify-self-start rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          {t(isRecovery ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useRecovery')}
        </button>
        <Button
          type="submit"
          size="lg"
          isPending={finish.isPending}
          pendingLabel={
            <>
              <ShieldCheck aria-hidden="true" />
              {t('auth.twoFactor.submitting')}
            </>
          }
          className="mt-2"
        >
          <ShieldCheck aria-hidden="true" />
          {t('auth.twoFactor.submit')}
        </Button>
        <button
          type="button"
          onClick={onBack}
          className="justify-self-start rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 hover:underline"
        >
          {t('auth.twoFactor.back')}
        </button>
      </form>
    </Card>
  );
}

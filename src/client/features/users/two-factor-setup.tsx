import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  twoFactorEnableRequestSchema,
  twoFactorSetupRequestSchema,
  type TwoFactorSetupResponse,
} from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { refusedField, translateMessage } from '../../lib/messages.ts';
import { useEnableTwoFactor } from './api/enable-two-factor.ts';
import { useSetUpTwoFactor } from './api/set-up-two-factor.ts';
import { TwoFactorQr } from './two-factor-qr.tsx';

/**
 * Setting up the authenticator, in three steps: the password again, then the QR code (and the
 * key as text) with the first code from the app, then the recovery codes, shown once. Settings
 * and the set-up an administrator is held to share it. `onDone` runs once the person has put the
 * codes away (or at once, when a repeated request found the factor already on).
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (setup) {
    return (
      <ConfirmCode
        setup={setup}
        onEnabled={(codes) => (codes ? setRecoveryCodes(codes) : onDone())}
      />
    );
  }
  return <ConfirmPassword onSetup={setSetup} />;
}

function ConfirmPassword({ onSetup }: { onSetup: (setup: TwoFactorSetupResponse) => void }) {
  const { t } = useLanguage();
  const setUp = useSetUpTwoFactor();
  const form = useForm({
    resolver: zodResolver(twoFactorSetupRequestSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    setUp.mutate(values, {
      onSuccess: onSetup,
      onError: (error) => {
        const code = refusedField(error, 'password');
        if (code) form.setError('password', { message: code });
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('settings.twoFactor.failed'),
        });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm">{t('settings.twoFactor.passwordIntro')}</p>
      <PasswordField
        {...form.register('password')}
        label={t('settings.twoFactor.password')}
        error={translateMessage(t, form.formState.errors.password?.message)}
        autoComplete="current-password"
      />
      <Button
        type="submit"
        isPending={setUp.isPending}
        pendingLabel={t('settings.twoFactor.continuing')}
        className="justify-self-start"
      >
        {t('settings.twoFactor.continue')}
      </Button>
    </form>
  );
}

/** The six digits of an authenticator code, as a phone's keyboard and its autofill offer them. */
export const oneTimeCodeInput = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

function ConfirmCode({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (recoveryCodes: string[] | undefined) => void;
}) {
  const { t } = useLanguage();
  const enable = useEnableTwoFactor();
  const form = useForm({
    resolver: zodResolver(twoFactorEnableRequestSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => {
        const code = refusedField(error, 'code');
        if (code) form.setError('code', { message: code });
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('settings.twoFactor.failed'),
        });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm">{t('settings.twoFactor.scanIntro')}</p>
      <TwoFactorQr otpauthUrl={setup.otpauthUrl} label={t('settings.twoFactor.qrAlt')} />
      <div className="grid gap-1">
        <p className="text-sm">{t('settings.twoFactor.keyIntro')}</p>
        <code className="rounded-md bg-surface px-3 py-2 font-mono text-sm break-all">
          {setup.secret}
        </code>
      </div>
      <Field
        label={t('settings.twoFactor.code')}
        hint={t('settings.twoFactor.codeHint')}
        error={translateMessage(t, form.formState.errors.code?.message)}
      >
        {(control) => (
          <Input {...control} {...form.register('code')} {...oneTimeCodeInput} maxLength={12} />
        )}
      </Field>
      <Button
        type="submit"
        isPending={enable.isPending}
        pendingLabel={t('settings.twoFactor.turningOn')}
        className="justify-self-start"
      >
        {t('settings.twoFactor.turnOn')}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLanguage();
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">{t('settings.twoFactor.codesTitle')}</h3>
      <p className="text-sm">{t('settings.twoFactor.codesIntro')}</p>
      <ul
        aria-label={t('settings.twoFactor.codesTitle')}
        className="grid grid-cols-2 gap-2 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button type="button" onClick={onDone} className="justify-self-start">
        {t('settings.twoFactor.codesDone')}
      </Button>
    </div>
  );
}

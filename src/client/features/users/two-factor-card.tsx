import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorDisableRequestSchema } from '../../../domain/auth.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { refusedField, translateMessage } from '../../lib/messages.ts';
import { useDisableTwoFactor } from './api/disable-two-factor.ts';
import { useRefreshCurrentUser } from './api/enable-two-factor.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** Settings' two-step verification: whether it is on, setting it up, and turning it off. */
export function TwoFactorCard() {
  const { t } = useLanguage();
  const { data: user } = useCurrentUser();
  const refresh = useRefreshCurrentUser();
  const [isSettingUp, setSettingUp] = useState(false);
  const isOn = user?.twoFactor.enabled ?? false;

  let body;
  if (isSettingUp) {
    body = (
      <TwoFactorSetup
        onDone={() => {
          setSettingUp(false);
          void refresh();
          toast({ title: t('common.success'), description: t('settings.twoFactor.enabled') });
        }}
      />
    );
  } else if (isOn) {
    body = <TurnOff />;
  } else {
    body = (
      <Button type="button" onClick={() => setSettingUp(true)} className="justify-self-start">
        <ShieldCheck aria-hidden="true" />
        {t('settings.twoFactor.setUp')}
      </Button>
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('settings.twoFactor.title')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.twoFactor.description')}</p>
      <p className="mt-3 text-sm font-medium">
        {t(isOn ? 'settings.twoFactor.statusOn' : 'settings.twoFactor.statusOff')}
      </p>
      <div className="mt-5 grid gap-4">{body}</div>
    </Card>
  );
}

function TurnOff() {
  const { t } = useLanguage();
  const disable = useDisableTwoFactor();
  const form = useForm({
    resolver: zodResolver(twoFactorDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: t('common.success'), description: t('settings.twoFactor.disabled') });
      },
      onError: (error) => {
        for (const field of ['password', 'code'] as const) {
          const code = refusedField(error, field);
          if (code) form.setError(field, { message: code });
        }
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('settings.twoFactor.failed'),
        });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm">{t('settings.twoFactor.turnOffIntro')}</p>
      <PasswordField
        {...form.register('password')}
        label={t('settings.twoFactor.password')}
        error={translateMessage(t, errors.password?.message)}
        autoComplete="current-password"
      />
      <Field label={t('settings.twoFactor.code')} error={translateMessage(t, errors.code?.message)}>
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="outline"
        isPending={disable.isPending}
        pendingLabel={t('settings.twoFactor.turningOff')}
        className="justify-self-start"
      >
        {t('settings.twoFactor.turnOff')}
      </Button>
    </form>
  );
}

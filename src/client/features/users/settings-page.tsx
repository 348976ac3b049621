import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  passwordChangeFormSchema,
  profileUpdateRequestSchema,
  type User,
} from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NewPasswordFields, PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useChangePassword } from './api/change-password.ts';
import { useMe } from './api/get-me.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { PageHeader, PageMain, QueryState } from '../../components/layout/page.tsx';

export function SettingsPage() {
  const { t } = useLanguage();
  const me = useMe();
  return (
    <PageMain>
      <PageHeader title={t('page.settings')} subtitle={t('settings.subtitle')} />
      <div className="flex gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 text-sm">
        <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <p>{t('settings.adminOnlyNotice')}</p>
      </div>
      <QueryState query={me}>
        {(user) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <ProfileForm user={user} />
            <PasswordForm />
          </div>
        )}
      </QueryState>
    </PageMain>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useLanguage();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileUpdateRequestSchema),
    defaultValues: { username: user.username },
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ username: saved.username });
        toast({ title: t('common.success'), description: t('settings.profileUpdated') });
      },
      onError: (error) =>
        toastFailure(t, error, { title: t('common.error'), fallback: t('settings.profileFailed') }),
    }),
  );

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('settings.profileTitle')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.profileDescription')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4">
        <Field
          label={t('users.field.username')}
          error={translateMessage(t, form.formState.errors.username?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label={t('users.field.email')}>
          {(control) => <Input {...control} value={user.email} readOnly />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('users.field.firstName')}>
            {(control) => <Input {...control} value={user.firstName ?? ''} readOnly />}
          </Field>
          <Field label={t('users.field.lastName')}>
            {(control) => <Input {...control} value={user.lastName ?? ''} readOnly />}
          </Field>
        </div>
        <Button type="submit" disabled={update.isPending} className="justify-self-start">
          {update.isPending ? t('common.saving') : t('settings.saveProfile')}
        </Button>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const { t } = useLanguage();
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('common.success'), description: t('settings.passwordChanged') });
        },
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('settings.passwordFailed'),
          }),
      },
    ),
  );

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('settings.passwordTitle')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.passwordDescription')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4">
        <PasswordField
          {...form.register('currentPassword')}
          label={t('settings.currentPassword')}
          error={translateMessage(t, errors.currentPassword?.message)}
          autoComplete="current-password"
        />
        <NewPasswordFields
          newPassword={form.register('newPassword')}
          confirmPassword={form.register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? t('common.saving') : t('settings.changePassword')}
        </Button>
      </form>
    </Card>
  );
}

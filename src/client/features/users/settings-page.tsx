import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  passwordChangeFormSchema,
  profileUpdateRequestSchema,
  type User,
} from '../../../domain/users.ts';
import { isLanguage, type Language } from '../../../domain/languages.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { LanguageOptions } from '../../components/layout/language-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { NewPasswordFields, PasswordField } from '../../components/ui/password-field.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { dismissToastsAbout, toast } from '../../components/ui/use-toast.ts';
import { refusedField, translateMessage } from '../../lib/messages.ts';
import { useChangePassword } from './api/change-password.ts';
import { useMe } from './api/get-me.ts';
import { useUpdateLanguage } from './api/update-language.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { SignedInSessions } from './signed-in-sessions.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';

export function SettingsPage() {
  const me = useMe();
  return (
    <PageMain>
      <ScreenHeader page="settings" />
      <QueryState query={me}>
        {(user) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <ProfileForm user={user} />
            <PasswordForm />
            <LanguageChoice />
            <TwoFactorCard />
            <SignedInSessions />
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
        <Button
          type="submit"
          isPending={update.isPending}
          pendingLabel={t('common.saving')}
          className="justify-self-start"
        >
          {t('settings.saveProfile')}
        </Button>
      </form>
    </Card>
  );
}

/** The toast of a refused password change: it goes once its cause is put right. */
const passwordRefusal = 'settings.password';

function PasswordForm() {
  const { t } = useLanguage();
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  // As the wizard's toasts do: a refusal's toast goes once its field is typed again, or once
  // another field is what is wrong (its message by that field); leaving the screen takes it away.
  useEffect(() => {
    const unsubscribeValue = form.subscribe({
      name: 'currentPassword',
      formState: { values: true },
      callback: () => dismissToastsAbout(passwordRefusal),
    });
    const unsubscribeErrors = form.subscribe({
      formState: { errors: true },
      callback: ({ errors: shown }) => {
        if (Object.keys(shown ?? {}).some((field) => field !== 'currentPassword')) {
          dismissToastsAbout(passwordRefusal);
        }
      },
    });
    return () => {
      unsubscribeValue();
      unsubscribeErrors();
      dismissToastsAbout(passwordRefusal);
    };
  }, [form]);

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('common.success'), description: t('settings.passwordChanged') });
        },
        onError: (error) => {
          // Said by its field too, where it is corrected; typing there clears it.
          const code = refusedField(error, 'currentPassword');
          if (code) form.setError('currentPassword', { message: code });
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('settings.passwordFailed'),
            about: passwordRefusal,
          });
        },
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
        <Button
          type="submit"
          isPending={change.isPending}
          pendingLabel={t('common.saving')}
          className="justify-self-start"
        >
          {t('settings.changePassword')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The language of the screens, notifications and mails (stored on the account as
 * preferredLanguage). A choice takes effect at once, like the header's switcher: the page
 * changes language, then the server remembers it.
 */
function LanguageChoice() {
  const { language, setLanguage, t } = useLanguage();
  const save = useUpdateLanguage();

  async function choose(next: Language) {
    const inNextLanguage = await setLanguage(next);
    save.mutate(
      { preferredLanguage: next },
      {
        onSuccess: () =>
          toast({
            title: inNextLanguage('common.success'),
            description: inNextLanguage('settings.languageSaved'),
          }),
        onError: (error) =>
          toastFailure(inNextLanguage, error, {
            title: inNextLanguage('common.error'),
            fallback: inNextLanguage('settings.languageFailed'),
          }),
      },
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('settings.languageTitle')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.languageDescription')}</p>
      <div className="mt-5">
        {/* Not plain "Language": the header's switcher on the same page is named that. */}
        <Field label={t('settings.languageLabel')}>
          {(control) => (
            <Select
              {...control}
              value={language}
              onChange={(event) => {
                const next = event.target.value;
                if (isLanguage(next)) void choose(next);
              }}
            >
              <LanguageOptions />
            </Select>
          )}
        </Field>
      </div>
    </Card>
  );
}

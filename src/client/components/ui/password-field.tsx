import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { passwordLength } from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { translateMessage } from '../../lib/messages.ts';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

interface PasswordFieldProps extends UseFormRegisterReturn {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message, already in the reader's language. */
  error?: string;
  /** Tells password managers whether to fill in the saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A labelled password input registered with react-hook-form. */
export function PasswordField({
  label,
  hint,
  error,
  autoComplete,
  ...registration
}: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Input {...control} {...registration} type="password" autoComplete={autoComplete} />
      )}
    </Field>
  );
}

interface NewPasswordFieldsProps {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  /** The form's errors, as the domain schema words them (withPasswordConfirmation). */
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}

/** A new password with its length hint, then its confirmation: the settings and reset forms. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
}: NewPasswordFieldsProps) {
  const { t } = useLanguage();
  return (
    <>
      <PasswordField
        {...newPassword}
        label={t('auth.newPassword')}
        hint={t('auth.passwordHint', { count: passwordLength.min })}
        error={translateMessage(t, errors.newPassword?.message)}
        autoComplete="new-password"
      />
      <PasswordField
        {...confirmPassword}
        label={t('auth.confirmNewPassword')}
        error={translateMessage(t, errors.confirmPassword?.message)}
        autoComplete="new-password"
      />
    </>
  );
}

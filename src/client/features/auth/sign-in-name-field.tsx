import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

interface SignInNameFieldProps extends UseFormRegisterReturn {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message, already in the reader's language. */
  error?: string;
}

/**
 * The username-or-email input of the sign-in and forgot-password forms: an email keyboard on
 * phones, no automatic capitals or spelling fixes, and the saved username from password managers.
 */
export function SignInNameField({ label, hint, error, ...registration }: SignInNameFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
    </Field>
  );
}

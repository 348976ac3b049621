import type { ChangeEvent, ReactNode } from 'react';
import { get, useFormContext, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import { optionLabel, type OptionGroup } from '../option-label.ts';
import type { ApplicationFormValues } from './application-form.ts';

export type FieldName = FieldPath<ApplicationFormValues>;

/**
 * Registers a field whose error, once shown, clears as soon as the visitor corrects it rather
 * than on the next click of Next.
 */
export function useFormField() {
  const form = useFormContext<ApplicationFormValues>();
  const { t } = useLanguage();
  return {
    register: (name: FieldName, options: RegisterOptions<ApplicationFormValues, FieldName> = {}) =>
      form.register(name, {
        ...options,
        onChange: (event: ChangeEvent) => {
          options.onChange?.(event);
          if (get(form.formState.errors, name)) void form.trigger(name);
        },
      }),
    error: (name: FieldName): string | undefined =>
      translateMessage(
        t,
        (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
      ),
  };
}

/** A select of one of the domain's option lists, each option in the reader's language. */
export function OptionSelect({
  name,
  group,
  options,
  placeholder,
  ...control
}: {
  name: FieldName;
  group: OptionGroup;
  options: readonly string[];
  placeholder: string;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}) {
  const { t } = useLanguage();
  const { register } = useFormField();
  return (
    <Select {...control} {...register(name)} required>
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((value) => (
        <option key={value} value={value}>
          {optionLabel(t, group, value)}
        </option>
      ))}
    </Select>
  );
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
}: {
  name: FieldName;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
}) {
  const { register, error } = useFormField();
  return (
    <Field label={label} error={error(name)} hint={hint}>
      {(control) => (
        <Input {...control} {...register(name)} type={type} autoComplete={autoComplete} required />
      )}
    </Field>
  );
}

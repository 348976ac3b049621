import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import {
  applicationFormSchema,
  applicationFormSteps,
  type ApplicationForm,
} from '../../../../domain/applications.ts';

export interface SocialAccountValues {
  network: string;
  handle: string;
  /** A number once typed; empty until then. */
  followers: number | string;
  url: string;
}

/**
 * What the form holds while the visitor types: selects start empty and numbers may be blank, which
 * the domain schema's input type does not allow. The schema checks it all on each step.
 */
export type ApplicationFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  state: string;
  socialAccounts: SocialAccountValues[];
  idType: string;
  documentNumber: string;
  personalMessage: string;
  heardAboutUs: string;
};

export const emptySocialAccount: SocialAccountValues = {
  network: '',
  handle: '',
  followers: '',
  url: '',
};

export const emptyApplication: ApplicationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  country: '',
  city: '',
  state: '',
  socialAccounts: [emptySocialAccount],
  idType: '',
  documentNumber: '',
  personalMessage: '',
  heardAboutUs: '',
};

/** The wizard's form: what is typed, checked into the domain's `ApplicationForm`. */
export type WizardForm = UseFormReturn<ApplicationFormValues, unknown, ApplicationForm>;

export const applicationFormResolver = zodResolver(applicationFormSchema) as unknown as Resolver<
  ApplicationFormValues,
  unknown,
  ApplicationForm
>;

function isBlankText(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/** Whether a required field of the step is still empty (as opposed to filled but wrong). */
export function hasBlankRequired(
  values: ApplicationFormValues,
  fields: readonly (keyof ApplicationFormValues)[],
): boolean {
  return fields.some((field) => {
    if (field === 'socialAccounts') {
      return (
        values.socialAccounts.length === 0 ||
        values.socialAccounts.some(
          (account) =>
            isBlankText(account.network) ||
            isBlankText(account.handle) ||
            isBlankText(account.followers),
        )
      );
    }
    return isBlankText(values[field]);
  });
}

/** Whether none of the step's fields shows an error (each clears as it is corrected). */
export function hasStepFieldsRight(form: WizardForm, step: number): boolean {
  const fields = applicationFormSteps[step - 1] ?? [];
  return fields.every((name) => !form.getFieldState(name).invalid);
}

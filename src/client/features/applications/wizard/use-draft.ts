import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApplicationForm } from '../../../../domain/applications.ts';
import { loadDraft, saveDraft } from './application-draft.ts';
import {
  applicationFormResolver,
  emptyApplication,
  type ApplicationFormValues,
  type WizardForm,
} from './application-form.ts';

/**
 * The wizard's form, and the step to open: from this tab's draft once the page runs, empty while
 * it is rendered on the server and hydrated (the server cannot read the tab's storage).
 */
export function useDraftedForm(isRunning: boolean): { form: WizardForm; draftStep: number } {
  const [draft] = useState(() => (isRunning ? loadDraft() : null));
  const form = useForm<ApplicationFormValues, unknown, ApplicationForm>({
    resolver: applicationFormResolver,
    // The draft was written by this page from these same values.
    defaultValues: { ...emptyApplication, ...(draft?.values as Partial<ApplicationFormValues>) },
  });
  return { form, draftStep: draft?.step ?? 1 };
}

/**
 * Keeps the draft as the visitor types and moves between steps. Not before the page runs: the
 * empty form rendered on the server would overwrite the draft.
 */
export function useDraftSaving(form: WizardForm, step: number, isRunning: boolean): void {
  useEffect(() => {
    if (!isRunning) return;
    saveDraft({ step, values: form.getValues() });
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft({ step, values }),
    });
  }, [form, step, isRunning]);
}

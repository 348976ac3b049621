import { useEffect } from 'react';
import { applicationFormSteps } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import { hasBlankRequired, hasStepFieldsRight, type WizardForm } from './application-form.ts';
import type { DocumentFile } from './use-document-file.ts';
import { dismissStepToast, type WizardToasts } from './use-wizard-toasts.ts';

/** The first message anywhere in a field's errors (a social-account row nests them). */
function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const nested of Object.values(error)) {
    const message = firstMessage(nested);
    if (message) return message;
  }
  return undefined;
}

/**
 * Next only when the step is complete (docs/product.md, section 4, "Checks while filling in"):
 * otherwise the first field to fix takes the focus and a toast says what is missing or wrong.
 * The step's toast goes once every field of the step is right, without waiting for the next
 * click of Next.
 */
export function useStepCheck(
  form: WizardForm,
  step: number,
  { idDocument, toasts }: { idDocument: DocumentFile; toasts: WizardToasts },
) {
  const { t } = useLanguage();
  const hasFile = idDocument.file !== null;
  useEffect(
    () =>
      form.subscribe({
        formState: { errors: true },
        callback: () => {
          if (hasStepFieldsRight(form, step) && (step !== 4 || hasFile)) dismissStepToast();
        },
      }),
    [form, step, hasFile],
  );

  return async function checkStep(number: number): Promise<boolean> {
    const fields = applicationFormSteps[number - 1] ?? [];
    const isMissingFile = number === 4 && !hasFile;
    const isValid = await form.trigger([...fields], { shouldFocus: true });
    if (isMissingFile) {
      idDocument.setProblem('required');
      if (isValid) idDocument.fileInput.current?.focus();
    }
    if (isValid && !isMissingFile) return true;

    if (isMissingFile || hasBlankRequired(form.getValues(), fields)) {
      toasts.showIncomplete();
      return false;
    }
    const field = fields.find((name) => form.getFieldState(name).error);
    const message = field && firstMessage(form.getFieldState(field).error);
    toasts.showFieldIssue(`${t(`apply.label.${field}`)}: ${translateMessage(t, message ?? '')}`);
    return false;
  };
}

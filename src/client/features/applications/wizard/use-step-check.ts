import { useEffect } from 'react';
import { applicationFormSteps } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { hasBlankRequired, hasStepFieldsRight, type WizardForm } from './application-form.ts';
import type { DocumentFile } from './use-document-file.ts';
import { issueText } from './submit-errors.ts';
import { dismissStepToast, type WizardToasts } from './use-wizard-toasts.ts';

/**
 * Focus scrolls a field only to the nearest edge of the screen, where on a phone the toast (at
 * the top) and the site's fixed header cover it. The middle of the screen is clear of both.
 */
function bringIntoView(element: Element | null) {
  if (element instanceof HTMLElement && element !== document.body) {
    element.scrollIntoView({ block: 'center' });
  }
}

/**
 * The first message anywhere in a field's errors, with the path below the field that holds it (a
 * social-account row nests them: `[0, 'followers']`), so the toast can say which account.
 */
function firstIssue(
  error: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') {
    return { path, message: error.message };
  }
  for (const [key, nested] of Object.entries(error)) {
    // react-hook-form keeps the element that failed beside the message; it holds no message.
    if (key === 'ref') continue;
    const issue = firstIssue(nested, [...path, /^\d+$/.test(key) ? Number(key) : key]);
    if (issue) return issue;
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
    bringIntoView(document.activeElement);

    if (isMissingFile || hasBlankRequired(form.getValues(), fields)) {
      toasts.showIncomplete();
      return false;
    }
    const field = fields.find((name) => form.getFieldState(name).error);
    if (!field) return false;
    const issue = firstIssue(form.getFieldState(field).error);
    // The same words as the server's issues: '{Label} ({path}): {message}' for a nested field.
    toasts.showFieldIssue(
      issueText(t, {
        path: [field, ...(issue?.path ?? [])],
        code: issue?.message,
        message: issue?.message ?? '',
      }),
    );
    return false;
  };
}

import { useCallback, useEffect, useRef } from 'react';
import { useLanguage } from '../../../app/language-provider.tsx';
import { dismissToastsAbout, toast } from '../../../components/ui/use-toast.ts';
import { showSubmitErrorToasts, submitErrorToasts } from './submit-errors.ts';

/**
 * What the wizard's toasts report, so each goes once its problem is fixed: the step's missing or
 * wrong fields, and a refused file. Leaving a step (or the page) takes them all away.
 */
const problem = {
  step: 'apply.step',
  document: 'apply.document',
  /** The server's refusal of a submission: gone once the visitor goes to a step to fix it. */
  submit: 'apply.submit',
} as const;

export type FileRefusal = 'invalidType' | 'tooLarge';

/** Takes the step's toast away once the step is right, without waiting for the next Next. */
export function dismissStepToast(): void {
  dismissToastsAbout(problem.step);
}

/** The wizard's toasts, in the reader's language; none outlives the wizard. */
export function useWizardToasts() {
  const { t } = useLanguage();
  /** Stops the toasts of a refused submission still to come (they follow 500 ms apart). */
  const stopSubmitSequence = useRef<() => void>(undefined);
  const clear = useCallback(() => {
    stopSubmitSequence.current?.();
    dismissToastsAbout(problem.step, problem.document, problem.submit);
  }, []);
  useEffect(() => clear, [clear]);

  return {
    clear,
    showIncomplete: () =>
      toast({
        variant: 'destructive',
        title: t('apply.incomplete.title'),
        description: t('apply.incomplete.description'),
        about: problem.step,
      }),
    /** Everything is filled in, but something is not right (an email address, a short message). */
    showFieldIssue: (description: string) =>
      toast({
        variant: 'destructive',
        title: t('apply.error.issueTitle'),
        description,
        about: problem.step,
      }),
    showFileRefusal: (refusal: FileRefusal) =>
      toast({
        variant: 'destructive',
        title: t(`apply.file.${refusal}Title`),
        description: t(`apply.file.${refusal}`),
        about: problem.document,
      }),
    dismissFileRefusal: () => dismissToastsAbout(problem.document),
    stopSubmitFailure: () => stopSubmitSequence.current?.(),
    /** A refused submission: one toast per issue (at most five, 500 ms apart), or its message. */
    showSubmitFailure: (error: unknown) => {
      stopSubmitSequence.current = showSubmitErrorToasts(
        submitErrorToasts(t, error),
        problem.submit,
      );
    },
  };
}

export type WizardToasts = ReturnType<typeof useWizardToasts>;

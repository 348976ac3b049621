import type { FormEvent } from 'react';
import { FormProvider } from 'react-hook-form';
import { wizardStepCount } from '../../../domain/applications.ts';
import { useAllTexts, useLanguage } from '../../app/language-provider.tsx';
import { IssueSummary } from './wizard/issue-summary.tsx';
import { useDocumentFile } from './wizard/use-document-file.ts';
import { useDraftedForm, useDraftSaving } from './wizard/use-draft.ts';
import { useIsRunning } from './wizard/use-is-running.ts';
import { useStepCheck } from './wizard/use-step-check.ts';
import { useStepNavigation } from './wizard/use-step-navigation.ts';
import { useSubmission } from './wizard/use-submission.ts';
import { useWizardToasts } from './wizard/use-wizard-toasts.ts';
import { WizardActions } from './wizard/wizard-actions.tsx';
import { WizardProgress } from './wizard/wizard-progress.tsx';
import { WizardSteps } from './wizard/wizard-steps.tsx';

/**
 * The application wizard (docs/product.md, section 4). The server renders, and the browser
 * hydrates, the empty first step; once the page runs, the wizard starts again from this tab's
 * draft (decision 0032).
 */
export function ApplyPage() {
  // Reached from a public page, it waits for the refusals and steps' texts that page lacked.
  useAllTexts();
  const isRunning = useIsRunning();
  return <ApplicationWizard key={String(isRunning)} isRunning={isRunning} />;
}

/**
 * The five steps. Until the page runs (`isRunning`) the form is disabled, since what is typed
 * would be lost and Next would make the browser send the fields in the address, and nothing is
 * saved, since that would overwrite the draft.
 */
function ApplicationWizard({ isRunning }: { isRunning: boolean }) {
  const { t } = useLanguage();
  const { form, draftStep } = useDraftedForm(isRunning);
  const toasts = useWizardToasts();
  const { step, goTo, headingRef } = useStepNavigation(draftStep, toasts.clear);
  useDraftSaving(form, step, isRunning);
  const idDocument = useDocumentFile(form, step, toasts);
  const checkStep = useStepCheck(form, step, { idDocument, toasts });
  const submission = useSubmission({ idDocument, goTo, toasts });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.isSending || !(await checkStep(step))) return;
    if (step < wizardStepCount) {
      goTo(step + 1);
      return;
    }
    await form.handleSubmit(submission.send, submission.onInvalid)();
  }

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('apply.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('apply.subtitle')}</p>
      </div>
      <WizardProgress step={step} />
      {submission.issues.length > 0 && (
        <IssueSummary
          issues={submission.issues}
          step={step}
          goTo={goTo}
          headingRef={submission.summaryHeading}
        />
      )}
      {/* Without scripts the form stays disabled; say why instead of leaving it dimmed. */}
      <p className="mt-6 hidden rounded-lg border border-border bg-surface p-4 text-sm noscript:block">
        {t('apply.needsJavaScript')}
      </p>
      <FormProvider {...form}>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="mt-6 rounded-lg border border-border bg-surface/40 p-4 sm:p-8"
        >
          <fieldset disabled={!isRunning} className="min-w-0">
            <WizardSteps step={step} headingRef={headingRef} idDocument={idDocument.stepProps} />
            <WizardActions
              step={step}
              isSending={submission.isSending}
              progress={submission.progress}
              onPrevious={() => goTo(step - 1)}
            />
          </fieldset>
        </form>
      </FormProvider>
    </main>
  );
}

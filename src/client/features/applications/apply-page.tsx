import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { FormProvider, useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  applicationFormSteps,
  documentKinds,
  documentTypeForIdType,
  maxDocumentBytes,
  wizardStepCount,
  type ApplicationForm,
} from '../../../domain/applications.ts';
import { looksLikeKind } from '../../../domain/files.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { dismissToastsAbout, toast } from '../../components/ui/use-toast.ts';
import { translateMessage } from '../../lib/messages.ts';
import { submitApplication } from './api/submit-application.ts';
import { clearDraft, loadDraft, saveDraft } from './application-draft.ts';
import {
  applicationFormResolver,
  emptyApplication,
  hasBlankRequired,
  type ApplicationFormValues,
} from './application-form.ts';
import {
  issueText,
  showSubmitErrorToasts,
  stepOfField,
  submitErrorToasts,
  submitIssues,
  type SubmitIssue,
} from './submit-errors.ts';
import {
  DocumentStep,
  LocationStep,
  MessageStep,
  PersonalStep,
  PrivacyPolicyLink,
  SocialStep,
} from './wizard-steps.tsx';
import { paths } from '../../../domain/routes.ts';

const stepKeys = ['personal', 'location', 'social', 'document', 'message'] as const;

/**
 * What the wizard's toasts report, so each goes once its problem is fixed: the step's missing or
 * wrong fields, and a refused file. Leaving a step (or the page) takes both away.
 */
const problem = {
  step: 'apply.step',
  document: 'apply.document',
  /** The server's refusal of a submission: gone once the visitor goes to a step to fix it. */
  submit: 'apply.submit',
} as const;

type FileProblem = 'required' | 'again' | 'invalidType' | 'tooLarge';

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

/** Whether none of the step's fields shows an error (each clears as it is corrected). */
function hasStepFieldsRight(
  form: UseFormReturn<ApplicationFormValues, unknown, ApplicationForm>,
  step: number,
): boolean {
  const fields = applicationFormSteps[step - 1] ?? [];
  return fields.every((name) => !form.getFieldState(name).invalid);
}

const subscribeToNothing = () => () => {};

export function ApplyPage() {
  // The server renders, and the browser hydrates, the empty first step. Once the page runs, the
  // wizard starts again from this tab's draft.
  const isRunning = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return <ApplicationWizard key={String(isRunning)} isRunning={isRunning} />;
}

/**
 * The five steps. Until the page runs (`isRunning`) the form is disabled, since what is typed
 * would be lost and Next would make the browser send the fields in the address, and nothing is
 * saved, since that would overwrite the draft.
 */
function ApplicationWizard({ isRunning }: { isRunning: boolean }) {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const [draft] = useState(() => (isRunning ? loadDraft() : null));
  const form = useForm<ApplicationFormValues, unknown, ApplicationForm>({
    resolver: applicationFormResolver,
    // The draft was written by this page from these same values.
    defaultValues: { ...emptyApplication, ...(draft?.values as Partial<ApplicationFormValues>) },
  });
  const [step, setStep] = useState(draft?.step ?? 1);
  const [isSending, setSending] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem>();
  const [issues, setIssues] = useState<SubmitIssue[]>([]);

  const idPrefix = useId();
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shouldFocusHeading = useRef(false);
  const stopToasts = useRef<() => void>(undefined);

  useEffect(() => {
    if (!isRunning) return;
    saveDraft({ step, values: form.getValues() });
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft({ step, values }),
    });
  }, [form, step, isRunning]);

  useEffect(() => {
    if (!shouldFocusHeading.current) return;
    shouldFocusHeading.current = false;
    headings.current[step - 1]?.focus();
  }, [step]);

  useEffect(() => {
    if (issues.length > 0) summaryHeading.current?.focus();
  }, [issues]);

  useEffect(
    () => () => {
      stopToasts.current?.();
      dismissToastsAbout(problem.step, problem.document, problem.submit);
    },
    [],
  );

  // The step's toast goes once the visitor has put every field of the step right (each field's
  // error clears as it is corrected), without waiting for the next click of Next.
  useEffect(
    () =>
      form.subscribe({
        formState: { errors: true },
        callback: () => {
          if (hasStepFieldsRight(form, step) && (step !== 4 || file !== null)) {
            dismissToastsAbout(problem.step);
          }
        },
      }),
    [form, step, file],
  );

  function goTo(next: number) {
    stopToasts.current?.();
    dismissToastsAbout(problem.step, problem.document, problem.submit);
    shouldFocusHeading.current = true;
    setStep(next);
  }

  function showIncomplete() {
    toast({
      variant: 'destructive',
      title: t('apply.incomplete.title'),
      description: t('apply.incomplete.description'),
      about: problem.step,
    });
  }

  /** Next only when the step is complete (spec section 4); otherwise says what is missing. */
  async function checkStep(number: number): Promise<boolean> {
    const fields = applicationFormSteps[number - 1] ?? [];
    const isMissingFile = number === 4 && file === null;
    const isValid = await form.trigger([...fields], { shouldFocus: true });
    if (isMissingFile) {
      setFileProblem('required');
      if (isValid) fileInput.current?.focus();
    }
    if (isValid && !isMissingFile) return true;

    if (isMissingFile || hasBlankRequired(form.getValues(), fields)) {
      showIncomplete();
      return false;
    }
    // Everything is filled in, but something is not right (an email address, a short message).
    const field = fields.find((name) => form.getFieldState(name).error);
    const message = field && firstMessage(form.getFieldState(field).error);
    toast({
      variant: 'destructive',
      title: t('apply.error.issueTitle'),
      description: `${t(`apply.label.${field}`)}: ${translateMessage(t, message ?? '')}`,
      about: problem.step,
    });
    return false;
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) {
      setFile(null);
      return;
    }
    const fileRefusal = !looksLikeKind(chosen, documentKinds)
      ? 'invalidType'
      : chosen.size > maxDocumentBytes
        ? 'tooLarge'
        : undefined;
    if (fileRefusal) {
      // Cleared, so the input never shows a file that will not be sent.
      event.target.value = '';
      setFile(null);
      setFileProblem(fileRefusal);
      toast({
        variant: 'destructive',
        title: t(`apply.file.${fileRefusal}Title`),
        description: t(`apply.file.${fileRefusal}`),
        about: problem.document,
      });
      return;
    }
    setFile(chosen);
    setFileProblem(undefined);
    dismissToastsAbout(problem.document);
    // A missing file was all that kept the step back when its fields are right.
    if (hasStepFieldsRight(form, step)) dismissToastsAbout(problem.step);
  }

  function send(values: ApplicationForm) {
    if (!file) {
      // The file is not kept across a reload, so it may be missing here.
      setFileProblem('again');
      goTo(4);
      showIncomplete();
      return;
    }
    stopToasts.current?.();
    setIssues([]);
    setSending(true);
    const { idType, ...fields } = values;
    submitApplication({
      fields: { ...fields, documentType: documentTypeForIdType(idType), language },
      idDocument: file,
    }).then(
      () => {
        clearDraft();
        void navigate(paths.thankYou);
      },
      (error: unknown) => {
        setSending(false);
        setIssues(submitIssues(error));
        stopToasts.current = showSubmitErrorToasts(submitErrorToasts(t, error), problem.submit);
      },
    );
  }

  function onInvalid(errors: FieldErrors<ApplicationFormValues>) {
    // Only a restored draft can reach here with an earlier step incomplete.
    const index = applicationFormSteps.findIndex((fields) => fields.some((name) => errors[name]));
    goTo(index + 1);
    showIncomplete();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending || !(await checkStep(step))) return;
    if (step < wizardStepCount) {
      goTo(step + 1);
      return;
    }
    await form.handleSubmit(send, onInvalid)();
  }

  const percent = Math.round((step / wizardStepCount) * 100);
  const stepText = t('apply.progress.step', { step, total: wizardStepCount });
  const summaryId = `${idPrefix}-issues`;

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('apply.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('apply.subtitle')}</p>
      </div>

      <div className="mt-8">
        <div className="flex justify-between gap-4 text-sm" aria-hidden="true">
          <span className="font-medium">{stepText}</span>
          <span className="text-muted-foreground">{t('apply.progress.percent', { percent })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('apply.progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${stepText}, ${t('apply.progress.percent', { percent })}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-surface"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {issues.length > 0 && (
        <section
          aria-labelledby={summaryId}
          className="mt-6 rounded-lg border border-destructive bg-destructive/10 p-4"
        >
          <h2 id={summaryId} ref={summaryHeading} tabIndex={-1} className="font-semibold">
            {t('apply.summary.title')}
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {issues.map((issue, index) => {
              const issueStep = stepOfField[String(issue.path[0])];
              return (
                <li key={index} className="flex flex-wrap items-center justify-between gap-2">
                  <span>{issueText(t, issue)}</span>
                  {issueStep !== undefined && issueStep !== step && (
                    <Button variant="outline" size="sm" onClick={() => goTo(issueStep)}>
                      {t('apply.summary.goToStep', { n: issueStep })}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
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
            {stepKeys.map((key, index) => {
              const headingId = `${idPrefix}-step-${index + 1}`;
              return (
                <section key={key} hidden={step !== index + 1} aria-labelledby={headingId}>
                  <h2
                    id={headingId}
                    ref={(element) => {
                      headings.current[index] = element;
                    }}
                    tabIndex={-1}
                    className="text-xl font-semibold"
                  >
                    {t(`apply.step.${key}.title`)}
                  </h2>
                  <p className="mt-1 mb-6 text-sm text-muted-foreground">
                    {t(`apply.step.${key}.description`)}
                  </p>
                  {key === 'personal' && <PersonalStep />}
                  {key === 'location' && <LocationStep />}
                  {key === 'social' && <SocialStep />}
                  {key === 'document' && (
                    <DocumentStep
                      file={file}
                      fileError={fileProblem && t(`apply.file.${fileProblem}`)}
                      onFileChange={onFileChange}
                      fileInput={fileInput}
                    />
                  )}
                  {key === 'message' && <MessageStep />}
                </section>
              );
            })}

            {/* On a phone the two buttons are a stacked pair of the same full width (side by
                side, 'Submit Application' would not fit half a phone); from tablets on, one row. */}
            <div className="mt-8 grid gap-3 sm:flex sm:items-center">
              {step > 1 && (
                <Button variant="outline" onClick={() => goTo(step - 1)}>
                  <ChevronLeft aria-hidden="true" />
                  {t('apply.previous')}
                </Button>
              )}
              {step < wizardStepCount ? (
                <Button type="submit" className="sm:ml-auto">
                  {t('apply.next')}
                  <ChevronRight aria-hidden="true" />
                </Button>
              ) : (
                <Button type="submit" className="sm:ml-auto" disabled={isSending}>
                  {isSending ? t('apply.submitting') : t('apply.submit')}
                </Button>
              )}
            </div>
            {step === wizardStepCount && (
              <p className="mt-4 text-sm text-muted-foreground sm:text-right">
                {t('apply.privacy.submit')} <PrivacyPolicyLink />
              </p>
            )}
          </fieldset>
        </form>
      </FormProvider>
    </main>
  );
}

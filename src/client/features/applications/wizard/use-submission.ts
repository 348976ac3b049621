import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  applicationFormSteps,
  documentTypeForIdType,
  type ApplicationForm,
} from '../../../../domain/applications.ts';
import { paths } from '../../../../domain/routes.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { submitApplication } from '../api/submit-application.ts';
import { clearDraft } from './application-draft.ts';
import type { ApplicationFormValues } from './application-form.ts';
import type { DocumentFile } from './use-document-file.ts';
import type { WizardToasts } from './use-wizard-toasts.ts';
import { submitIssues, type SubmitIssue } from './submit-errors.ts';

/**
 * Sending the application (docs/product.md, section 4, "Sending"): on success the draft goes and
 * the visitor sees the thank-you page; on a refusal the toasts say what is wrong, and the page
 * lists every issue, its heading taking the focus.
 */
export function useSubmission({
  idDocument,
  goTo,
  toasts,
}: {
  idDocument: DocumentFile;
  goTo: (step: number) => void;
  toasts: WizardToasts;
}) {
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [isSending, setSending] = useState(false);
  /** The share of the application sent, 0 to 100, while sending. */
  const [progress, setProgress] = useState(0);
  const [issues, setIssues] = useState<SubmitIssue[]>([]);
  const summaryHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (issues.length > 0) summaryHeading.current?.focus();
  }, [issues]);

  function send(values: ApplicationForm) {
    const { file } = idDocument;
    if (!file) {
      // The file is not kept across a reload, so it may be missing here.
      idDocument.setProblem('again');
      goTo(4);
      toasts.showIncomplete();
      return;
    }
    toasts.stopSubmitFailure();
    setIssues([]);
    setProgress(0);
    setSending(true);
    const { idType, ...fields } = values;
    submitApplication({
      fields: { ...fields, documentType: documentTypeForIdType(idType), idType, language },
      idDocument: file,
      onProgress: setProgress,
    }).then(
      () => {
        clearDraft();
        void navigate(paths.thankYou);
      },
      (error: unknown) => {
        setSending(false);
        setIssues(submitIssues(error));
        toasts.showSubmitFailure(error);
      },
    );
  }

  function onInvalid(errors: FieldErrors<ApplicationFormValues>) {
    // Only a restored draft can reach here with an earlier step incomplete.
    const index = applicationFormSteps.findIndex((fields) => fields.some((name) => errors[name]));
    goTo(index + 1);
    toasts.showIncomplete();
  }

  return { isSending, progress, issues, summaryHeading, send, onInvalid };
}

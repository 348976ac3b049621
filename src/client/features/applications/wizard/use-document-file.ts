import { useRef, useState, type ChangeEvent } from 'react';
import { documentKinds, maxDocumentBytes } from '../../../../domain/applications.ts';
import { looksLikeKind } from '../../../../domain/files.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { hasStepFieldsRight, type WizardForm } from './application-form.ts';
import type { DocumentStepProps } from './document-step.tsx';
import { dismissStepToast, type FileRefusal, type WizardToasts } from './use-wizard-toasts.ts';

/** Why step 4 shows no file: none chosen, lost to a reload, or refused here. */
export type FileProblem = 'required' | 'again' | FileRefusal;

/**
 * The chosen ID document. It is checked here as it is chosen (its kind by type or name, its
 * size), and never kept in the draft, so a reload asks for it again.
 */
export function useDocumentFile(form: WizardForm, step: number, toasts: WizardToasts) {
  const { t } = useLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem>();
  const fileInput = useRef<HTMLInputElement>(null);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) {
      setFile(null);
      return;
    }
    const refusal = !looksLikeKind(chosen, documentKinds)
      ? 'invalidType'
      : chosen.size > maxDocumentBytes
        ? 'tooLarge'
        : undefined;
    if (refusal) {
      // Cleared, so the input never shows a file that will not be sent.
      event.target.value = '';
      setFile(null);
      setProblem(refusal);
      toasts.showFileRefusal(refusal);
      return;
    }
    setFile(chosen);
    setProblem(undefined);
    toasts.dismissFileRefusal();
    // A missing file was all that kept the step back when its fields are right.
    if (hasStepFieldsRight(form, step)) dismissStepToast();
  }

  const stepProps: DocumentStepProps = {
    file,
    fileError: problem && t(`apply.file.${problem}`),
    onFileChange,
    fileInput,
  };
  return { file, setProblem, fileInput, stepProps };
}

export type DocumentFile = ReturnType<typeof useDocumentFile>;

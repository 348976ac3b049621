import { FileText } from 'lucide-react';
import { useCallback, type ChangeEvent, type RefObject } from 'react';
import { documentKinds, idTypes } from '../../../../domain/applications.ts';
import { acceptAttribute } from '../../../../domain/files.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { PrivacyPolicyLink } from './privacy-policy-link.tsx';
import { OptionSelect, useFormField } from './wizard-fields.tsx';

/**
 * A photo of the chosen file, shown from an object URL that is let go when the file changes or
 * the thumbnail goes (a React 19 ref cleanup), so no file stays held in memory.
 */
function Thumbnail({ file, alt }: { file: File; alt: string }) {
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={showFile} alt={alt} className="size-16 shrink-0 rounded object-cover" />;
}

/** The chosen document as the visitor will recognise it: a thumbnail of a photo, or a PDF's icon. */
function ChosenDocument({ file }: { file: File }) {
  const { t } = useLanguage();
  return (
    <div className="flex items-center gap-3 rounded-md border border-border bg-surface p-3 sm:col-span-2">
      {file.type.startsWith('image/') ? (
        <Thumbnail file={file} alt={t('apply.file.preview', { name: file.name })} />
      ) : (
        <FileText className="size-10 shrink-0 text-accent" aria-hidden="true" />
      )}
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium">{file.name}</p>
        <p className="text-muted-foreground">{formatFileSize(file.size)}</p>
      </div>
    </div>
  );
}

/** The chosen file and what to do with a new choice (see `useDocumentFile`). */
export interface DocumentStepProps {
  file: File | null;
  fileError: string | undefined;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  fileInput: RefObject<HTMLInputElement | null>;
}

/** Step 4: the ID's type and number, and the document itself, which is never kept in the draft. */
export function DocumentStep({ file, fileError, onFileChange, fileInput }: DocumentStepProps) {
  const { t } = useLanguage();
  const { register, error } = useFormField();
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field label={t('apply.label.idType')} error={error('idType')}>
        {(control) => (
          <OptionSelect
            {...control}
            name="idType"
            group="idType"
            options={idTypes.map(({ label }) => label)}
            placeholder={t('apply.placeholder.idType')}
          />
        )}
      </Field>
      <Field label={t('apply.label.documentNumber')} error={error('documentNumber')}>
        {(control) => (
          <Input
            {...control}
            {...register('documentNumber')}
            autoComplete="off"
            spellCheck={false}
            required
          />
        )}
      </Field>
      <Field
        label={t('apply.label.idDocument')}
        error={fileError}
        hint={file === null ? t('apply.file.hint') : t('apply.file.selected', { name: file.name })}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            accept={acceptAttribute(documentKinds)}
            onChange={onFileChange}
            required
            className="w-full rounded-md border border-dashed border-border bg-surface p-3 text-sm text-muted-foreground file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-2 file:text-sm file:font-semibold file:text-accent-foreground aria-invalid:border-destructive"
          />
        )}
      </Field>
      {file !== null && <ChosenDocument file={file} />}
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {t('apply.privacy.document')} <PrivacyPolicyLink />
      </p>
    </div>
  );
}

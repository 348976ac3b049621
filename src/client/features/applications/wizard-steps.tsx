import { CheckCircle2, FileText, Plus, Trash2 } from 'lucide-react';
import { useCallback, useRef, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import {
  get,
  useFieldArray,
  useFormContext,
  useWatch,
  type FieldPath,
  type RegisterOptions,
} from 'react-hook-form';
import {
  countries,
  documentKinds,
  heardAboutUsSources,
  idTypes,
  normalizeProfileUrl,
  personalMessageMinLength,
  socialPlatforms,
} from '../../../domain/applications.ts';
import { acceptAttribute } from '../../../domain/files.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { translateMessage } from '../../lib/messages.ts';
import { emptySocialAccount, type ApplicationFormValues } from './application-form.ts';
import { optionLabel, type OptionGroup } from './option-label.ts';
import { formatFileSize } from '../../lib/format.ts';
import { paths } from '../../../domain/routes.ts';

/** The most accounts one application may list (the server's limit). */
const maxSocialAccounts = 20;

type Name = FieldPath<ApplicationFormValues>;

/**
 * Registers a field whose error, once shown, clears as soon as the visitor corrects it rather
 * than on the next click of Next.
 */
function useFormField() {
  const form = useFormContext<ApplicationFormValues>();
  const { t } = useLanguage();
  return {
    register: (name: Name, options: RegisterOptions<ApplicationFormValues, Name> = {}) =>
      form.register(name, {
        ...options,
        onChange: (event: ChangeEvent) => {
          options.onChange?.(event);
          if (get(form.formState.errors, name)) void form.trigger(name);
        },
      }),
    error: (name: Name): string | undefined =>
      translateMessage(
        t,
        (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
      ),
  };
}

function OptionSelect({
  name,
  group,
  options,
  placeholder,
  ...control
}: {
  name: Name;
  group: OptionGroup;
  options: readonly string[];
  placeholder: string;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}) {
  const { t } = useLanguage();
  const { register } = useFormField();
  return (
    <Select {...control} {...register(name)} required>
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((value) => (
        <option key={value} value={value}>
          {optionLabel(t, group, value)}
        </option>
      ))}
    </Select>
  );
}

function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
}: {
  name: Name;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
}) {
  const { register, error } = useFormField();
  return (
    <Field label={label} error={error(name)} hint={hint}>
      {(control) => (
        <Input {...control} {...register(name)} type={type} autoComplete={autoComplete} required />
      )}
    </Field>
  );
}

export function PersonalStep() {
  const { t } = useLanguage();
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <TextField name="firstName" label={t('apply.label.firstName')} autoComplete="given-name" />
      <TextField name="lastName" label={t('apply.label.lastName')} autoComplete="family-name" />
      <TextField name="email" label={t('apply.label.email')} type="email" autoComplete="email" />
      <TextField name="phone" label={t('apply.label.phone')} type="tel" autoComplete="tel" />
    </div>
  );
}

export function LocationStep() {
  const { t } = useLanguage();
  const { error } = useFormField();
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field label={t('apply.label.country')} error={error('country')} className="sm:col-span-2">
        {(control) => (
          <OptionSelect
            {...control}
            name="country"
            group="country"
            options={countries}
            placeholder={t('apply.placeholder.country')}
          />
        )}
      </Field>
      <TextField name="city" label={t('apply.label.city')} autoComplete="address-level2" />
      <TextField
        name="state"
        label={t('apply.label.stateProvince')}
        autoComplete="address-level1"
      />
    </div>
  );
}

export function SocialStep() {
  const { t } = useLanguage();
  const form = useFormContext<ApplicationFormValues>();
  const { register, error } = useFormField();
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'socialAccounts',
  });
  const addButton = useRef<HTMLButtonElement>(null);
  const listError = error('socialAccounts');

  return (
    <div className="grid gap-4">
      {fields.map((account, index) => {
        const number = index + 1;
        const prefix = `socialAccounts.${index}` as const;
        return (
          <fieldset
            key={account.id}
            className="grid gap-4 rounded-lg border border-border px-4 pt-2 pb-4"
          >
            <legend className="px-1 text-sm font-semibold">
              {t('apply.social.account', { n: number })}
            </legend>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field label={t('apply.social.platform')} error={error(`${prefix}.network`)}>
                {(control) => (
                  <OptionSelect
                    {...control}
                    name={`${prefix}.network`}
                    group="platform"
                    options={socialPlatforms}
                    placeholder={t('apply.placeholder.platform')}
                  />
                )}
              </Field>
              <Field label={t('apply.social.handle')} error={error(`${prefix}.handle`)}>
                {(control) => (
                  <Input
                    {...control}
                    {...register(`${prefix}.handle`)}
                    placeholder="@username"
                    autoCapitalize="none"
                    spellCheck={false}
                    required
                  />
                )}
              </Field>
              <Field label={t('apply.social.followers')} error={error(`${prefix}.followers`)}>
                {(control) => (
                  <Input
                    {...control}
                    {...register(`${prefix}.followers`, { valueAsNumber: true })}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    required
                  />
                )}
              </Field>
              <Field
                label={t('apply.social.url')}
                error={error(`${prefix}.url`)}
                hint={t('apply.social.urlHint')}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...register(`${prefix}.url`, {
                      // Shows the address as it will be saved (https:// added), as the server does.
                      onBlur: (event: ChangeEvent<HTMLInputElement>) =>
                        form.setValue(`${prefix}.url`, normalizeProfileUrl(event.target.value)),
                    })}
                    inputMode="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="instagram.com/username"
                  />
                )}
              </Field>
            </div>
            {fields.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-end"
                aria-label={t('apply.social.removeAccount', { n: number })}
                onClick={() => {
                  remove(index);
                  addButton.current?.focus();
                }}
              >
                <Trash2 aria-hidden="true" />
                {t('apply.social.remove')}
              </Button>
            )}
          </fieldset>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm text-red-400">
          {listError}
        </p>
      )}
      <Button
        ref={addButton}
        variant="outline"
        className="justify-self-start"
        disabled={fields.length >= maxSocialAccounts}
        onClick={() => append({ ...emptySocialAccount })}
      >
        <Plus aria-hidden="true" />
        {t('apply.social.add')}
      </Button>
    </div>
  );
}

/**
 * The Privacy Policy, in a new tab so the wizard keeps what was typed and the chosen file (which
 * a reload would lose).
 */
export function PrivacyPolicyLink() {
  const { t } = useLanguage();
  return (
    <Link
      to={paths.privacyPolicy}
      target="_blank"
      rel="noopener"
      className="font-medium text-foreground underline underline-offset-4 hover:text-accent"
    >
      {t('page.privacyPolicy')}
      <span className="sr-only"> {t('nav.newTab')}</span>
    </Link>
  );
}

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

export function DocumentStep({
  file,
  fileError,
  onFileChange,
  fileInput,
}: {
  file: File | null;
  fileError: string | undefined;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  fileInput: RefObject<HTMLInputElement | null>;
}) {
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

export function MessageStep() {
  const { t } = useLanguage();
  const form = useFormContext<ApplicationFormValues>();
  const { register, error } = useFormField();
  const message = useWatch({ control: form.control, name: 'personalMessage' });
  const length = message.trim().length;
  const isLongEnough = length >= personalMessageMinLength;

  return (
    <div className="grid gap-4">
      <Field
        label={t('apply.label.personalMessage')}
        error={error('personalMessage')}
        hint={
          <span className={isLongEnough ? 'inline-flex items-center gap-1 text-green-400' : ''}>
            {isLongEnough && <CheckCircle2 className="size-3.5" aria-hidden="true" />}
            {t('apply.message.count', { n: length, min: personalMessageMinLength })}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('personalMessage')}
            rows={6}
            placeholder={t('apply.placeholder.personalMessage', { min: personalMessageMinLength })}
            required
          />
        )}
      </Field>
      <Field label={t('apply.label.heardAboutUs')} error={error('heardAboutUs')}>
        {(control) => (
          <OptionSelect
            {...control}
            name="heardAboutUs"
            group="heardAboutUs"
            options={heardAboutUsSources}
            placeholder={t('apply.placeholder.heardAboutUs')}
          />
        )}
      </Field>
    </div>
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { normalizeProfileUrl, socialPlatforms } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { emptySocialAccount, type ApplicationFormValues } from './application-form.ts';
import { OptionSelect, useFormField } from './wizard-fields.tsx';

/** The most accounts one application may list (the server's limit). */
const maxSocialAccounts = 20;

/** One account's platform, handle, followers and profile address. */
function SocialAccountFields({ index }: { index: number }) {
  const { t } = useLanguage();
  const form = useFormContext<ApplicationFormValues>();
  const { register, error } = useFormField();
  const prefix = `socialAccounts.${index}` as const;
  return (
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
  );
}

/** Step 3: one to twenty accounts; one can be removed only while there are two or more. */
export function SocialStep() {
  const { t } = useLanguage();
  const form = useFormContext<ApplicationFormValues>();
  const { error } = useFormField();
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'socialAccounts',
  });
  const addButton = useRef<HTMLButtonElement>(null);
  const listError = error('socialAccounts');

  return (
    <div className="grid gap-4">
      {fields.map((account, index) => (
        <fieldset
          key={account.id}
          className="grid gap-4 rounded-lg border border-border px-4 pt-2 pb-4"
        >
          <legend className="px-1 text-sm font-semibold">
            {t('apply.social.account', { n: index + 1 })}
          </legend>
          <SocialAccountFields index={index} />
          {fields.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-end"
              aria-label={t('apply.social.removeAccount', { n: index + 1 })}
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
      ))}
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

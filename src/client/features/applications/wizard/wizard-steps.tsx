import { CheckCircle2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  countries,
  heardAboutUsSources,
  personalMessageMinLength,
} from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import type { ApplicationFormValues } from './application-form.ts';
import { DocumentStep, type DocumentStepProps } from './document-step.tsx';
import { SocialStep } from './social-step.tsx';
import { OptionSelect, TextField, useFormField } from './wizard-fields.tsx';

function PersonalStep() {
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

function LocationStep() {
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

function MessageStep() {
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
            {t('apply.message.count', { count: length, min: personalMessageMinLength })}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('personalMessage')}
            rows={6}
            placeholder={t('apply.placeholder.personalMessage', {
              count: personalMessageMinLength,
            })}
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

/** The five steps in order, by the key of their title and description in the catalogue. */
const stepKeys = ['personal', 'location', 'social', 'document', 'message'] as const;

/**
 * Every step's section, only the current one shown, so what was typed on the others stays in the
 * form. Each step's heading takes the focus when its step opens (`headingRef`).
 */
export function WizardSteps({
  step,
  headingRef,
  idDocument,
}: {
  step: number;
  headingRef: (index: number) => Ref<HTMLHeadingElement>;
  idDocument: DocumentStepProps;
}) {
  const { t } = useLanguage();
  const idPrefix = useId();
  return stepKeys.map((key, index) => {
    const headingId = `${idPrefix}-step-${index + 1}`;
    return (
      <section key={key} hidden={step !== index + 1} aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef(index)} tabIndex={-1} className="text-xl font-semibold">
          {t(`apply.step.${key}.title`)}
        </h2>
        <p className="mt-1 mb-6 text-sm text-muted-foreground">
          {t(`apply.step.${key}.description`)}
        </p>
        {key === 'personal' && <PersonalStep />}
        {key === 'location' && <LocationStep />}
        {key === 'social' && <SocialStep />}
        {key === 'document' && <DocumentStep {...idDocument} />}
        {key === 'message' && <MessageStep />}
      </section>
    );
  });
}

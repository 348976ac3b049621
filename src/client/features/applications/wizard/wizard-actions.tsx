import { ChevronLeft, ChevronRight } from 'lucide-react';
import { wizardStepCount } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { PrivacyPolicyLink } from './privacy-policy-link.tsx';

/**
 * Previous (from step 2), and Next, or on the last step Submit Application with the Privacy
 * Policy beside it. Next and Submit submit the form, so Enter in a field does the same. While the
 * application goes out, how much of it has: the ID document can take half a minute on a phone.
 */
export function WizardActions({
  step,
  isSending,
  progress,
  onPrevious,
}: {
  step: number;
  isSending: boolean;
  /** The share of the application sent, 0 to 100, while sending. */
  progress: number;
  onPrevious: () => void;
}) {
  const { t } = useLanguage();
  return (
    <>
      {/* On a phone the two buttons are a stacked pair of the same full width (side by side,
          'Submit Application' would not fit half a phone); from tablets on, one row. */}
      <div className="mt-8 grid gap-3 sm:flex sm:items-center">
        {step > 1 && (
          <Button variant="outline" onClick={onPrevious}>
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
      {isSending && (
        <div className="mt-4">
          <UploadProgress
            progress={progress}
            label={t('apply.sendingDocument')}
            name={t('apply.sendProgress')}
          />
        </div>
      )}
      {step === wizardStepCount && (
        <p className="mt-4 text-sm text-muted-foreground sm:text-right">
          {t('apply.privacy.submit')} <PrivacyPolicyLink />
        </p>
      )}
    </>
  );
}

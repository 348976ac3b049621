import { wizardStepCount } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';

/** "Step n of 5", the share done, and a progress bar saying both to a screen reader. */
export function WizardProgress({ step }: { step: number }) {
  const { t } = useLanguage();
  const percent = Math.round((step / wizardStepCount) * 100);
  const stepText = t('apply.progress.step', { step, total: wizardStepCount });
  return (
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
  );
}

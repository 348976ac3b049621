import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { optionLabel } from '../option-label.ts';
import { Detail, Details } from './details.tsx';

export function MessagePanel({ application }: { application: Application }) {
  const { t } = useLanguage();
  return (
    <Details>
      <Detail label={t('apply.label.personalMessage')} wide>
        <p className="whitespace-pre-wrap">{application.personalMessage}</p>
      </Detail>
      <Detail label={t('apply.label.heardAboutUs')} wide>
        {application.heardAboutUs
          ? optionLabel(t, 'heardAboutUs', application.heardAboutUs)
          : t('applications.notProvided')}
      </Detail>
    </Details>
  );
}

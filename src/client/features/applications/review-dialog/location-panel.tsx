import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { optionLabel } from '../option-label.ts';
import { Detail, Details } from './details.tsx';

export function LocationPanel({ application }: { application: Application }) {
  const { t } = useLanguage();
  return (
    <Details>
      <Detail label={t('apply.label.country')}>
        {optionLabel(t, 'country', application.country)}
      </Detail>
      <Detail label={t('apply.label.city')}>{application.city}</Detail>
      <Detail label={t('apply.label.stateProvince')}>{application.state}</Detail>
    </Details>
  );
}

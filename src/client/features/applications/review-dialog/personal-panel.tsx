import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { Detail, Details, FormattedDate } from './details.tsx';

export function PersonalPanel({ application }: { application: Application }) {
  const { t } = useLanguage();
  return (
    <Details>
      <Detail label={t('applications.field.fullName')}>
        {application.firstName} {application.lastName}
      </Detail>
      <Detail label={t('apply.label.email')}>
        <a href={`mailto:${application.email}`} className="underline underline-offset-2">
          {application.email}
        </a>
      </Detail>
      <Detail label={t('apply.label.phone')}>
        <a href={`tel:${application.phone}`} className="underline underline-offset-2">
          {application.phone}
        </a>
      </Detail>
      <Detail label={t('applications.field.submitted')}>
        <FormattedDate iso={application.submittedAt} />
      </Detail>
    </Details>
  );
}

import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { optionLabel } from '../option-label.ts';
import { Detail, Details } from './details.tsx';
import { DocumentPreview, DocumentViews } from './document-preview.tsx';

export function VerificationPanel({ application }: { application: Application }) {
  const { t } = useLanguage();
  return (
    <div className="grid gap-4">
      <Details>
        <Detail label={t('apply.label.documentType')}>
          {/* The ID type the applicant picked; older applications kept only its document type. */}
          {application.idType
            ? optionLabel(t, 'idType', application.idType)
            : t(`applications.documentType.${application.documentType}`)}
        </Detail>
        <Detail label={t('apply.label.documentNumber')}>{application.documentNumber}</Detail>
      </Details>
      <DocumentPreview application={application} />
      {application.documentImageUrl && <DocumentViews views={application.documentViews} />}
    </div>
  );
}

import { useRef, useState } from 'react';
import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { applicationStatusTone, StatusBadge } from '../../../components/list/status-badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { InvitationLink, type PendingInvitation } from './invitation-link.tsx';
import { LocationPanel } from './location-panel.tsx';
import { MessagePanel } from './message-panel.tsx';
import { PersonalPanel } from './personal-panel.tsx';
import { SocialPanel } from './social-panel.tsx';
import { StatusForm } from './status-form.tsx';
import { VerificationPanel } from './verification-panel.tsx';

/**
 * The Review Application dialog (docs/product.md, "Applications Management"): five tabs, then
 * the status form.
 */
export function ReviewApplicationDialog({
  application,
  onClose,
}: {
  application: Application | undefined;
  onClose: () => void;
}) {
  const { t } = useLanguage();
  return (
    <Dialog
      open={application !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('applications.reviewTitle')}
      description={application && `${application.firstName} ${application.lastName}`}
      size="wide"
    >
      {application && <ReviewContent application={application} onClose={onClose} />}
    </Dialog>
  );
}

function ReviewContent({
  application,
  onClose,
}: {
  application: Application;
  onClose: () => void;
}) {
  const { t } = useLanguage();
  const [invitation, setInvitation] = useState<PendingInvitation>();
  // Once shown, the link stays until the administrator closes the dialog: it is shown only once,
  // and an answer after the approval's (a repeat carries no link, decision 0041) must neither
  // close the dialog nor replace it.
  const hasInvitation = useRef(false);
  const showInvitation = (shown: PendingInvitation) => {
    hasInvitation.current = true;
    setInvitation((current) => current ?? shown);
  };
  const onReviewed = () => {
    if (!hasInvitation.current) onClose();
  };
  const tabs = [
    {
      id: 'personal',
      label: t('applications.tab.personal'),
      panel: <PersonalPanel application={application} />,
    },
    {
      id: 'location',
      label: t('applications.tab.location'),
      panel: <LocationPanel application={application} />,
    },
    {
      id: 'social',
      label: t('applications.tab.social'),
      panel: <SocialPanel application={application} />,
    },
    {
      id: 'verification',
      label: t('applications.tab.verification'),
      panel: <VerificationPanel application={application} />,
    },
    {
      id: 'message',
      label: t('applications.tab.message'),
      panel: <MessagePanel application={application} />,
    },
  ];
  return (
    <div className="grid gap-6">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        {t('applications.currentStatus')}
        <StatusBadge tone={applicationStatusTone[application.status]}>
          {t(`applications.status.${application.status}`)}
        </StatusBadge>
      </div>
      <Tabs label={t('applications.tabsLabel')} tabs={tabs} />
      {invitation !== undefined && (
        <InvitationLink
          invitation={invitation}
          name={`${application.firstName} ${application.lastName}`}
        />
      )}
      <StatusForm
        application={application}
        onClose={onClose}
        onReviewed={onReviewed}
        onInvitation={showInvitation}
      />
    </div>
  );
}

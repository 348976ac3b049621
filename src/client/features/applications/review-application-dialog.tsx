import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Copy, ExternalLink, FileText, Lock, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  applicationStatuses,
  type Application,
  type ApplicationStatus,
} from '../../../domain/applications.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { errorMessage } from '../../lib/api-fetch.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useEraseApplication } from './api/erase-application.ts';
import { applicationsQueryKey } from './api/get-applications.ts';
import { useUpdateApplicationStatus } from './api/update-application-status.ts';
import { optionLabel } from './option-label.ts';
import { StatusBadge } from './status-badge.tsx';

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
  const [invitationUrl, setInvitationUrl] = useState<string>();
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
        <StatusBadge status={application.status} />
      </div>
      <Tabs label={t('applications.tabsLabel')} tabs={tabs} />
      {invitationUrl !== undefined && (
        <InvitationLink
          url={invitationUrl}
          name={`${application.firstName} ${application.lastName}`}
        />
      )}
      <StatusForm application={application} onClose={onClose} onInvitation={setInvitationUrl} />
    </div>
  );
}

function Details({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

function FormattedDate({ iso }: { iso: string }) {
  const { language } = useLanguage();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toLocaleString(language)}>
      {new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)}
    </time>
  );
}

function PersonalPanel({ application }: { application: Application }) {
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

function LocationPanel({ application }: { application: Application }) {
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

/** Only web addresses become links; a handle ("@ana") or anything else is shown as text. */
function webAddress(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function SocialPanel({ application }: { application: Application }) {
  const { t, language } = useLanguage();
  const followers = new Intl.NumberFormat(language);
  return (
    <ul className="grid gap-3">
      {application.socialAccounts.map((account, index) => {
        const href = account.url ? webAddress(account.url) : undefined;
        return (
          <li key={index} className="rounded-lg border border-border p-4">
            <Details>
              <Detail label={t('apply.social.platform')}>
                {optionLabel(t, 'platform', account.network)}
              </Detail>
              <Detail label={t('apply.social.handle')}>{account.handle}</Detail>
              <Detail label={t('apply.social.followers')}>
                {followers.format(account.followers)}
              </Detail>
              <Detail label={t('applications.field.profile')}>
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 underline underline-offset-2"
                  >
                    <span className="break-all">{account.url}</span>
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  </a>
                ) : (
                  (account.url ?? t('applications.notProvided'))
                )}
              </Detail>
            </Details>
          </li>
        );
      })}
    </ul>
  );
}

function VerificationPanel({ application }: { application: Application }) {
  const { t } = useLanguage();
  return (
    <div className="grid gap-4">
      <Details>
        <Detail label={t('apply.label.documentType')}>
          {t(`applications.documentType.${application.documentType}`)}
        </Detail>
        <Detail label={t('apply.label.documentNumber')}>{application.documentNumber}</Detail>
      </Details>
      <DocumentPreview application={application} />
      {application.documentImageUrl && <DocumentViews views={application.documentViews} />}
    </div>
  );
}

/** Every opening of the ID document is recorded on the server; reviewers can see who looked. */
function DocumentViews({ views }: { views: Application['documentViews'] }) {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t('applications.documentViews')}
      </h3>
      {views.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{t('applications.documentViewsNone')}</p>
      ) : (
        <ol className="mt-1 grid gap-1 text-sm text-muted-foreground">
          {views.map((view, index) => (
            <li key={`${view.viewedAt}-${index}`}>
              {view.viewerUsername ?? t('applications.formerAdmin')} ·{' '}
              <TimeAgo iso={view.viewedAt} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The ID as an image when it is one and loads; otherwise (a PDF, an error) a link to open it. */
function DocumentPreview({ application }: { application: Application }) {
  const { t } = useLanguage();
  const queryClient = useQueryClient();
  const [hasFailed, setFailed] = useState(false);
  const { documentImageUrl, documentMimeType } = application;
  const name = `${application.firstName} ${application.lastName}`;

  if (!documentImageUrl) {
    return <p className="text-sm text-muted-foreground">{t('applications.noDocument')}</p>;
  }
  if (documentMimeType?.startsWith('image/') && !hasFailed) {
    return (
      <img
        src={documentImageUrl}
        alt={t('applications.documentAlt', { name })}
        onError={() => setFailed(true)}
        // Loading it recorded a view: fetch the list again so this reviewer's view is listed too.
        onLoad={() => void queryClient.invalidateQueries({ queryKey: applicationsQueryKey })}
        className="max-h-[28rem] w-full rounded-lg border border-border bg-background object-contain"
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border p-4">
      <FileText className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="flex-1 text-sm text-muted-foreground">
        {t(hasFailed ? 'applications.documentFailed' : 'applications.documentNotImage')}
      </p>
      <a
        href={documentImageUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-semibold text-accent underline underline-offset-2"
      >
        {t('applications.viewDocument')}
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}

function MessagePanel({ application }: { application: Application }) {
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

function isStatus(value: string): value is ApplicationStatus {
  return (applicationStatuses as readonly string[]).includes(value);
}

/**
 * Without a mail server (or when sending failed) the approval answers with the invitation link, for
 * the administrator to pass on; it is shown once, here.
 */
function InvitationLink({ url, name }: { url: string; name: string }) {
  const { t } = useLanguage();
  const [isCopied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for Ctrl+C.
      input.current?.select();
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-accent/50 bg-accent/10 p-4 text-sm">
      <h3 className="font-semibold">{t('applications.invitation.title')}</h3>
      <p className="text-muted-foreground">{t('applications.invitation.text', { name })}</p>
      <Field label={t('applications.invitation.label')}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              ref={input}
              value={url}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t('applications.invitation.copy')}
            </Button>
          </div>
        )}
      </Field>
      <p role="status" className="text-green-300">
        {isCopied ? t('applications.invitation.copied') : ''}
      </p>
    </section>
  );
}

function EraseApplication({
  application,
  onErased,
}: {
  application: Application;
  onErased: () => void;
}) {
  const { t } = useLanguage();
  const erase = useEraseApplication();
  const [isConfirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const name = `${application.firstName} ${application.lastName}`;

  return (
    <>
      <Button
        variant="ghost"
        className="text-red-300 sm:mr-auto"
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
        {t('applications.erase.open')}
      </Button>
      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setFailure(undefined);
        }}
        title={t('applications.erase.title')}
        description={t('applications.erase.confirm', { name })}
      >
        {failure !== undefined && (
          <p
            role="alert"
            className="rounded-lg border border-destructive bg-destructive/15 p-3 text-sm"
          >
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('applications.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={erase.isPending}
            onClick={() =>
              erase.mutate(application.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onErased();
                  toast({
                    title: t('applications.erase.successTitle'),
                    description: t('applications.erase.success', { name }),
                  });
                },
                onError: (error) => {
                  const description = translateMessage(
                    t,
                    errorMessage(error, t('applications.erase.failure')),
                  );
                  setFailure(description);
                  toast({
                    variant: 'destructive',
                    title: t('applications.erase.failureTitle'),
                    description,
                  });
                },
              })
            }
          >
            {erase.isPending ? t('applications.erase.erasing') : t('applications.erase.submit')}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

function StatusForm({
  application,
  onClose,
  onInvitation,
}: {
  application: Application;
  onClose: () => void;
  onInvitation: (url: string) => void;
}) {
  const { t } = useLanguage();
  const update = useUpdateApplicationStatus();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [notes, setNotes] = useState('');
  const [isStatusMissing, setStatusMissing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const statusSelect = useRef<HTMLSelectElement>(null);
  const notesHeadingId = useId();
  // Approval created an account; changing it again could create a second one (spec section 4).
  const isLocked = application.status === 'approved';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLocked || update.isPending) return;
    setFailure(undefined);
    if (status === '') {
      // Said beside the field too: a toast sits beneath the open modal dialog.
      setStatusMissing(true);
      statusSelect.current?.focus();
      toast({
        variant: 'destructive',
        title: t('applications.missingTitle'),
        description: t('applications.missingDescription'),
      });
      return;
    }
    const adminNotes = notes.trim();
    update.mutate(
      { id: application.id, status, ...(adminNotes === '' ? {} : { adminNotes }) },
      {
        onSuccess: (saved) => {
          toast({
            title: t('applications.updatedTitle'),
            description: t('applications.updatedDescription', {
              name: `${application.firstName} ${application.lastName}`,
              status: t(`applications.status.${status}`),
            }),
          });
          // The link must stay on screen to be copied; otherwise the review is done.
          if (saved.invitationUrl) onInvitation(saved.invitationUrl);
          else onClose();
        },
        onError: (error) => {
          const description = translateMessage(
            t,
            errorMessage(error, t('applications.updateFailed')),
          );
          setFailure(description);
          toast({
            variant: 'destructive',
            title: t('applications.updateFailedTitle'),
            description,
          });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t border-border pt-6">
      {isLocked && (
        <div className="flex items-start gap-3 rounded-lg border border-green-400/40 bg-green-400/10 p-4 text-sm">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-300" aria-hidden="true" />
          <div>
            <p className="font-semibold text-green-200">{t('applications.approvedBanner')}</p>
            <p className="mt-1 text-muted-foreground">{t('applications.approvedBannerHint')}</p>
          </div>
        </div>
      )}
      <Field
        label={t('applications.statusLabel')}
        error={isStatusMissing ? t('applications.missingDescription') : undefined}
      >
        {(control) => (
          <Select
            {...control}
            ref={statusSelect}
            value={status}
            disabled={isLocked}
            onChange={(event) => {
              if (!isStatus(event.target.value)) return;
              setStatus(event.target.value);
              setStatusMissing(false);
            }}
          >
            <option value="" disabled>
              {t('applications.statusPlaceholder')}
            </option>
            {applicationStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`applications.status.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('applications.notesLabel')}>
        {(control) => (
          <Textarea
            {...control}
            value={notes}
            disabled={isLocked}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t('applications.notesPlaceholder')}
            rows={3}
          />
        )}
      </Field>
      {application.notes.length > 0 && (
        <section aria-labelledby={notesHeadingId}>
          <h3 id={notesHeadingId} className="text-sm font-medium">
            {t('applications.previousNotes')}
          </h3>
          <ol className="mt-2 grid gap-2">
            {application.notes.map((note) => (
              <li key={note.id} className="rounded-md border border-border bg-surface p-3 text-sm">
                <p className="whitespace-pre-wrap break-words">{note.note}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {note.authorUsername ?? t('applications.formerAdmin')} ·{' '}
                  <TimeAgo iso={note.createdAt} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {failure !== undefined && (
        <div
          role="alert"
          className="rounded-lg border border-destructive bg-destructive/15 p-3 text-sm"
        >
          <p className="font-semibold">{t('applications.updateFailedTitle')}</p>
          <p className="mt-1">{failure}</p>
        </div>
      )}
      <DialogFooter>
        <EraseApplication application={application} onErased={onClose} />
        <Button variant="outline" onClick={onClose}>
          {t('applications.cancel')}
        </Button>
        <Button type="submit" disabled={isLocked || update.isPending}>
          {isLocked && <Lock aria-hidden="true" />}
          {isLocked
            ? t('applications.statusLocked')
            : update.isPending
              ? t('applications.updating')
              : t('applications.update')}
        </Button>
      </DialogFooter>
    </form>
  );
}

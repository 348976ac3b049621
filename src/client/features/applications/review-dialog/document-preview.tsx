import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import type { Application } from '../../../../domain/applications.ts';
import { useLanguage } from '../../../app/language-provider.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { applicationsQueryKey } from '../api/get-applications.ts';

/** Every opening of the ID document is recorded on the server; reviewers can see who looked. */
export function DocumentViews({ views }: { views: Application['documentViews'] }) {
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
export function DocumentPreview({ application }: { application: Application }) {
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

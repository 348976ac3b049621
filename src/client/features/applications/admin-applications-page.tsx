import { Clock, Mail, MapPin, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { applicationStatuses, type Application } from '../../../domain/applications.ts';

const statusFilters = ['all', ...applicationStatuses] as const;
type StatusFilter = (typeof statusFilters)[number];
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { applicationStatusTone, StatusBadge } from '../../components/list/status-badge.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Select } from '../../components/ui/input.tsx';
import { timeAgo } from '../../lib/relative-time.ts';
import { useApplications } from './api/get-applications.ts';
import { useApplication } from './api/get-application.ts';
import { optionLabel } from './option-label.ts';
import { ReviewApplicationDialog } from './review-dialog/review-application-dialog.tsx';

function isStatusFilter(value: string | undefined): value is StatusFilter {
  if (value === undefined) return false;
  return (statusFilters as readonly string[]).includes(value);
}

export function AdminApplicationsPage() {
  const { t } = useLanguage();
  const { page, q, filters, setPage, setFilters } = useListParams(['status']);
  const status = isStatusFilter(filters.status) ? filters.status : 'all';
  const applications = useApplications({ page, q, status });
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const statusId = useId();
  const reviewing = useApplication(
    reviewingId,
    applications.data?.items.find((application) => application.id === reviewingId),
  ).data;

  return (
    <PageMain>
      <ScreenHeader page="adminApplications" />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label={t('applications.search')}
          placeholder={t('applications.searchPlaceholder')}
          className="flex-1"
        />
        <div className="sm:w-56">
          <label htmlFor={statusId} className="sr-only">
            {t('applications.statusFilter')}
          </label>
          <Select
            id={statusId}
            value={status}
            onChange={(event) => {
              const next = event.target.value;
              if (isStatusFilter(next)) setFilters({ status: next === 'all' ? undefined : next });
            }}
          >
            {statusFilters.map((value) => (
              <option key={value} value={value}>
                {value === 'all'
                  ? t('applications.allStatuses')
                  : t(`applications.status.${value}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <PagedList
        query={applications}
        label={t('applications.listLabel')}
        showingKey="applications.showing"
        empty={<p>{t('applications.empty')}</p>}
        onPageChange={setPage}
      >
        {(application) => (
          <ApplicationCard
            application={application}
            onReview={() => setReviewingId(application.id)}
          />
        )}
      </PagedList>

      <ReviewApplicationDialog application={reviewing} onClose={() => setReviewingId(null)} />
    </PageMain>
  );
}

function ApplicationCard({
  application,
  onReview,
}: {
  application: Application;
  onReview: () => void;
}) {
  const { t, language } = useLanguage();
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words">{name}</h2>
        <StatusBadge tone={applicationStatusTone[application.status]}>
          {t(`applications.status.${application.status}`)}
        </StatusBadge>
      </div>
      <ul className="grid gap-2 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{application.email}</span>
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {application.city}, {optionLabel(t, 'country', application.country)}
        </li>
        <li className="flex items-center gap-2">
          <Share2 className="size-4 shrink-0" aria-hidden="true" />
          {t('applications.platformCount', { n: application.socialAccounts.length })}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          <time dateTime={application.submittedAt}>
            {t('applications.submittedAgo', {
              time: timeAgo(application.submittedAt, { t, language }),
            })}
          </time>
        </li>
      </ul>
      <Button
        variant="outline"
        className="mt-auto"
        aria-label={t('applications.reviewNamed', { name })}
        onClick={onReview}
      >
        {t('applications.review')}
      </Button>
    </Card>
  );
}

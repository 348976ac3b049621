import {
  ArrowLeft,
  CheckCircle2,
  FilePen,
  FileStack,
  Pencil,
  Plus,
  Send,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { byNewestPeriod, type AdminCompensation } from '../../../domain/compensation.ts';
import { centsToDecimal, decimalToCents } from '../../../domain/money.ts';
import { paths } from '../../../domain/routes.ts';
import type { User } from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader, PageMain, QueryState } from '../../components/layout/page.tsx';
import { compensationStatusTone, StatusBadge } from '../../components/list/status-badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmActions, ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { formatMoney } from '../../lib/format.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import { AdminExportCsv } from './admin-export-csv.tsx';
import { useInfluencerCompensations } from './api/get-influencer-compensations.ts';
import { usePublishCompensation } from './api/publish-compensation.ts';
import { CompensationChanges } from './compensation-changes.tsx';
import { AddCompensationDialog, EditCompensationDialog } from './compensation-form-dialog.tsx';
import { periodLabel, personName } from './pay-format.ts';
import { useAdminUser } from '../../lib/admin-user.ts';

/** One creator's pay (spec section 2, Admin compensation). */
export function AdminCompensationPage() {
  const { t } = useLanguage();
  const userId = useParams().userId?.trim() ?? '';
  const user = useAdminUser(userId);
  if (!userId) return <Unavailable title={t('compensation.admin.invalidUser')} />;
  if (user.isError && user.error instanceof ApiError && user.error.status === 404) {
    return <Unavailable title={t('compensation.admin.userNotFound')} />;
  }
  if (user.data?.isAdmin) {
    return (
      <Unavailable
        title={t('compensation.admin.userNotFound')}
        description={t('compensation.admin.notACreator')}
      />
    );
  }
  return (
    <PageMain>
      <BackToInfluencers />
      <QueryState query={user}>
        {(influencer) => <InfluencerPay influencer={influencer} />}
      </QueryState>
    </PageMain>
  );
}

function BackToInfluencers() {
  const { t } = useLanguage();
  return (
    <Link
      to={paths.adminInfluencers}
      className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('compensation.admin.back')}
    </Link>
  );
}

/** 'Invalid user ID' or 'User not found', with the way back. */
function Unavailable({ title, description }: { title: string; description?: string }) {
  const { t } = useLanguage();
  return (
    <PageMain>
      <Card role="alert" className="grid justify-items-center gap-3 py-12 text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        {description && <p className="max-w-md text-muted-foreground">{description}</p>}
        <Link to={paths.adminInfluencers} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('compensation.admin.back')}
        </Link>
      </Card>
    </PageMain>
  );
}

type OpenDialog =
  { kind: 'add' } | { kind: 'edit' | 'publish'; compensation: AdminCompensation } | null;

function InfluencerPay({ influencer }: { influencer: User }) {
  const { t } = useLanguage();
  const compensations = useInfluencerCompensations(influencer.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const add = () => setDialog({ kind: 'add' });

  return (
    <>
      <PageHeader
        title={t('page.adminCompensation')}
        subtitle={t('compensation.admin.subtitle', { name: personName(influencer) })}
        action={
          <Button onClick={add}>
            <Plus aria-hidden="true" />
            {t('compensation.add.open')}
          </Button>
        }
      />
      <QueryState query={compensations}>
        {(entries) => (
          <>
            <PayTotals entries={entries} />
            {entries.length === 0 ? (
              <Card className="grid justify-items-center gap-3 border-dashed py-12 text-center">
                <Wallet className="size-8 text-muted-foreground" aria-hidden="true" />
                <h2 className="font-semibold">{t('compensation.admin.empty')}</h2>
                <p className="text-muted-foreground">{t('compensation.admin.emptyHint')}</p>
                <Button onClick={add}>
                  <Plus aria-hidden="true" />
                  {t('compensation.admin.addFirst')}
                </Button>
              </Card>
            ) : (
              <section aria-labelledby="compensation-history" className="grid gap-4">
                <h2 id="compensation-history" className="text-lg font-semibold">
                  {t('compensation.admin.history')}
                </h2>
                <ul className="grid gap-4">
                  {[...entries].sort(byNewestPeriod).map((entry) => (
                    <li key={entry.id}>
                      <CompensationEntry
                        entry={entry}
                        onEdit={() => setDialog({ kind: 'edit', compensation: entry })}
                        onPublish={() => setDialog({ kind: 'publish', compensation: entry })}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
      <section aria-labelledby="compensation-export" className="grid gap-3">
        <h2 id="compensation-export" className="text-lg font-semibold">
          {t('compensation.export.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('compensation.export.descriptionOne')}</p>
        <AdminExportCsv userId={influencer.id} />
      </section>

      <AddCompensationDialog
        userId={influencer.id}
        open={dialog?.kind === 'add'}
        onOpenChange={(open) => !open && close()}
      />
      <EditCompensationDialog
        compensation={dialog?.kind === 'edit' ? dialog.compensation : undefined}
        open={dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
      />
      <ConfirmDialog
        open={dialog?.kind === 'publish'}
        onClose={close}
        title={t('compensation.publish.title')}
        description={t('compensation.publish.confirm')}
      >
        {dialog?.kind === 'publish' && (
          <PublishConfirmation compensation={dialog.compensation} onDone={close} />
        )}
      </ConfirmDialog>
    </>
  );
}

/** Total Earnings (published only), Published, Drafts, Total Records. */
function PayTotals({ entries }: { entries: AdminCompensation[] }) {
  const { t, language } = useLanguage();
  const published = entries.filter((entry) => entry.status === 'published');
  const earnedCents = published.reduce(
    (sum, entry) => sum + (decimalToCents(entry.amount) ?? 0),
    0,
  );
  return (
    <StatCards label={t('compensation.figures')}>
      <StatCard
        label={t('compensation.admin.totalEarnings')}
        value={formatMoney(centsToDecimal(earnedCents), language)}
        caption={t('compensation.admin.totalEarningsCaption')}
        icon={Wallet}
      />
      <StatCard
        label={t('compensation.admin.published')}
        value={published.length}
        caption={t('compensation.admin.publishedCaption')}
        icon={CheckCircle2}
      />
      <StatCard
        label={t('compensation.admin.drafts')}
        value={entries.length - published.length}
        caption={t('compensation.admin.draftsCaption')}
        icon={FilePen}
      />
      <StatCard
        label={t('compensation.admin.totalRecords')}
        value={entries.length}
        caption={t('compensation.admin.totalRecordsCaption')}
        icon={FileStack}
      />
    </StatCards>
  );
}

function CompensationEntry({
  entry,
  onEdit,
  onPublish,
}: {
  entry: AdminCompensation;
  onEdit: () => void;
  onPublish: () => void;
}) {
  const { t, language } = useLanguage();
  const period = periodLabel(entry, language);
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">{period}</h3>
        <StatusBadge tone={compensationStatusTone[entry.status]}>
          {t(`compensation.status.${entry.status}`)}
        </StatusBadge>
      </div>
      <p className="text-2xl font-bold tracking-tight break-words tabular-nums">
        {formatMoney(entry.amount, language)}
      </p>
      {entry.notes && (
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
          {entry.notes}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {entry.publishedAt ? (
          <time
            dateTime={entry.publishedAt}
            title={new Date(entry.publishedAt).toLocaleString(language)}
          >
            {t('compensation.admin.publishedAgo', { time: timeAgo(entry.publishedAt, language) })}
          </time>
        ) : (
          t('compensation.admin.draftHint')
        )}
      </p>
      <CompensationChanges changes={entry.history} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t('compensation.edit.openNamed', { period })}
        >
          <Pencil aria-hidden="true" />
          {t('compensation.edit.open')}
        </Button>
        {entry.status === 'draft' && (
          <Button
            size="sm"
            onClick={onPublish}
            aria-label={t('compensation.publish.openNamed', { period })}
          >
            <Send aria-hidden="true" />
            {t('compensation.publish.open')}
          </Button>
        )}
      </div>
    </Card>
  );
}

function PublishConfirmation({
  compensation,
  onDone,
}: {
  compensation: AdminCompensation;
  onDone: () => void;
}) {
  const { t, language } = useLanguage();
  const publish = usePublishCompensation();
  const onPublish = () =>
    publish.mutate(compensation.id, {
      onSuccess: () => {
        toast({ title: t('common.success'), description: t('compensation.publish.success') });
        onDone();
      },
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('compensation.publish.failure'),
        }),
    });
  return (
    <ConfirmActions
      subject={`${periodLabel(compensation, language)}: ${formatMoney(compensation.amount, language)}`}
      onCancel={onDone}
      onConfirm={onPublish}
      isPending={publish.isPending}
      confirmLabel={t('compensation.publish.submit')}
      pendingLabel={t('compensation.publish.publishing')}
      confirmVariant="default"
    />
  );
}

import {
  ClipboardCheck,
  ClipboardList,
  Database,
  ExternalLink,
  FileText,
  Globe,
  HardDriveDownload,
  Mail,
  Shield,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminDashboard } from '../../../domain/dashboards.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { UploadProgress } from '../../components/ui/upload-progress.tsx';
import { formatFileSize } from '../../../domain/files.ts';
import { useBackUpNow } from './api/back-up-now.ts';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import {
  ActionCard,
  DashboardFigures,
  QuickActions,
  StatCard,
  WelcomeBanner,
} from './dashboard-layout.tsx';
import { paths } from '../../../domain/routes.ts';

export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();

  return (
    <PageMain>
      <WelcomeBanner
        page="adminDashboard"
        isReturning={Boolean(dashboard.data?.previousSignInAt)}
      />
      <QueryState query={dashboard}>
        {(figures) => (
          <>
            <AdminFigures figures={figures} />
            <AdminActions figures={figures} />
            <div className="grid gap-4 lg:grid-cols-2">
              <SystemStatus system={figures.system} />
              <QuickLinks />
            </div>
          </>
        )}
      </QueryState>
    </PageMain>
  );
}

function AdminFigures({ figures: { users, applications } }: { figures: AdminDashboard }) {
  const { t } = useLanguage();
  return (
    <DashboardFigures>
      <StatCard
        label={t('dashboard.admin.totalUsers')}
        value={users.total}
        caption={t('dashboard.admin.usersSplit', {
          admins: users.admins,
          regular: users.regular,
        })}
        icon={Users}
      />
      <StatCard
        label={t('dashboard.admin.applications')}
        value={applications.total}
        caption={
          applications.total === 0
            ? t('dashboard.admin.noApplicationsYet')
            : t('dashboard.admin.pendingReview', { count: applications.pending })
        }
        icon={FileText}
      />
      <StatCard
        label={t('dashboard.admin.adminUsers')}
        value={users.admins}
        caption={t('dashboard.admin.adminUsersCaption')}
        icon={Shield}
      />
      <StatCard
        label={t('dashboard.admin.regularUsers')}
        value={users.regular}
        caption={t('dashboard.admin.regularUsersCaption')}
        icon={UserRound}
      />
    </DashboardFigures>
  );
}

function AdminActions({ figures: { users, applications, tasks } }: { figures: AdminDashboard }) {
  const { t } = useLanguage();
  return (
    <QuickActions>
      <ActionCard
        to={`${paths.adminTasks}?review=awaiting`}
        title={t('dashboard.admin.reviewSubmissions')}
        caption={
          tasks.awaitingReview === 0
            ? t('dashboard.admin.nothingAwaiting')
            : t('dashboard.admin.awaitingReview', { count: tasks.awaitingReview })
        }
        icon={ClipboardCheck}
      />
      <ActionCard
        to={paths.adminApplications}
        title={t('dashboard.admin.reviewApplications')}
        caption={
          applications.total === 0
            ? t('dashboard.admin.noApplications')
            : t('dashboard.admin.applicationsCount', { count: applications.total })
        }
        icon={FileText}
      />
      <ActionCard
        to={paths.adminTasks}
        title={t('dashboard.admin.manageTasks')}
        caption={
          tasks.total === 0
            ? t('dashboard.admin.noTasks')
            : t('dashboard.admin.tasksCount', { count: tasks.total })
        }
        icon={ClipboardList}
      />
      <ActionCard
        to={paths.adminUsers}
        title={t('dashboard.admin.manageUsers')}
        caption={t('dashboard.admin.usersCount', { count: users.total })}
        icon={Users}
      />
    </QuickActions>
  );
}

function SystemStatus({ system }: { system: AdminDashboard['system'] }) {
  const { t } = useLanguage();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('dashboard.admin.systemStatus')}</h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <StatusRow
          icon={Globe}
          label={t('dashboard.admin.website')}
          value={t('dashboard.admin.online')}
          isGood
        />
        <StatusRow
          icon={Database}
          label={t('dashboard.admin.database')}
          value={t(
            system.database === 'connected'
              ? 'dashboard.admin.connected'
              : 'dashboard.admin.unreachable',
          )}
          isGood={system.database === 'connected'}
        />
        <StatusRow
          icon={HardDriveDownload}
          label={t('dashboard.admin.lastBackup')}
          value={
            system.backup.last ? (
              <span>
                <TimeAgo iso={system.backup.last.at} /> · {formatFileSize(system.backup.last.bytes)}
              </span>
            ) : (
              t('dashboard.admin.never')
            )
          }
          isGood={system.backup.last !== null && system.backup.failure === null}
        />
        <StatusRow
          icon={Mail}
          label={t('dashboard.admin.mail')}
          value={
            system.mail.failed === 0
              ? t('dashboard.admin.mailNoFailures')
              : t('dashboard.admin.mailNotDelivered', { count: system.mail.failed })
          }
          isGood={system.mail.failed === 0}
        />
      </dl>
      <BackupState backup={system.backup} />
      {system.mail.lastFailure && <MailFailure failure={system.mail.lastFailure} />}
    </Card>
  );
}

/**
 * A backup under way with its progress, the last one's failure in words to act on, and 'Back up
 * now' (decision 0051).
 */
function BackupState({ backup }: { backup: AdminDashboard['system']['backup'] }) {
  const { t } = useLanguage();
  const start = useBackUpNow();
  const { running, failure, last } = backup;
  const share =
    running && last && last.bytes > 0
      ? Math.min(99, Math.round((100 * running.bytes) / last.bytes))
      : undefined;
  return (
    <div className="mt-4 grid gap-3 text-sm">
      {failure && !running && (
        <div className="grid gap-1 rounded-md border border-amber-400/40 bg-amber-400/10 p-3">
          <p>
            {t('dashboard.admin.backupFailedAt')} (<TimeAgo iso={failure.at} />){' '}
            {t(`dashboard.admin.backupFailure.${failure.reason}`)}
          </p>
          {failure.detail && (
            <p className="break-words text-muted-foreground">
              {t('dashboard.admin.backupError', { error: failure.detail })}
            </p>
          )}
        </div>
      )}
      <div role="status" aria-live="polite">
        {running &&
          (share === undefined ? (
            <p>
              {t(`dashboard.admin.backupStage.${running.stage}`, {
                size: formatFileSize(running.bytes),
              })}
            </p>
          ) : (
            <UploadProgress
              progress={share}
              name={t('dashboard.admin.backupProgress')}
              label={t(`dashboard.admin.backupStage.${running.stage}`, {
                size: formatFileSize(running.bytes),
              })}
            />
          ))}
      </div>
      <div>
        <Button
          size="sm"
          variant="outline"
          isPending={start.isPending || running !== null}
          pendingLabel={t('dashboard.admin.backupUnderWay')}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) =>
                toastFailure(t, error, {
                  title: t('common.error'),
                  fallback: t('dashboard.admin.backupNotStarted'),
                }),
            })
          }
        >
          <HardDriveDownload aria-hidden="true" />
          {t('dashboard.admin.backUpNow')}
        </Button>
      </div>
    </div>
  );
}

/** The latest mail given up (decision 0038), and what an administrator can do about it. */
function MailFailure({
  failure,
}: {
  failure: NonNullable<AdminDashboard['system']['mail']['lastFailure']>;
}) {
  const { t } = useLanguage();
  return (
    <div className="mt-4 grid gap-1 rounded-md border border-amber-400/40 bg-amber-400/10 p-3 text-sm">
      <p className="break-words">
        {t('dashboard.admin.mailLastFailure', {
          subject: failure.subject,
          recipient: failure.recipient,
          error: failure.error,
        })}{' '}
        (<TimeAgo iso={failure.failedAt} />)
      </p>
      <p>{t('dashboard.admin.mailGivenUpHelp')}</p>
    </div>
  );
}

function QuickLinks() {
  const { t } = useLanguage();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('dashboard.admin.quickLinks')}</h2>
      <ul className="mt-4 grid gap-2 text-sm">
        <li>
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 text-accent hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('dashboard.admin.mainSite')}
          </Link>
        </li>
        <li>
          <Link
            to={paths.adminApplications}
            className="inline-flex items-center gap-2 text-accent hover:underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            {t('dashboard.admin.applicationsPage')}
          </Link>
        </li>
      </ul>
    </Card>
  );
}

function StatusRow({
  icon: Icon,
  label,
  value,
  isGood,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  isGood: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </dt>
      <dd className="flex items-center gap-2 font-medium">
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', isGood ? 'bg-emerald-400' : 'bg-amber-400')}
        />
        {value}
      </dd>
    </div>
  );
}

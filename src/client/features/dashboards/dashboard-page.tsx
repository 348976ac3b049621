import {
  CheckCircle2,
  Circle,
  ClipboardCheck,
  ClipboardList,
  DollarSign,
  Settings,
  UserRoundCheck,
} from 'lucide-react';
import { Link } from 'react-router';
import type { CreatorDashboard } from '../../../domain/dashboards.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { formatMoney } from '../../lib/format.ts';
import { useDashboard } from './api/get-dashboard.ts';
import {
  ActionCard,
  DashboardFigures,
  QuickActions,
  StatCard,
  WelcomeBanner,
} from './dashboard-layout.tsx';
import { paths } from '../../../domain/routes.ts';
import { listFormat } from '../../../domain/intl.ts';

/**
 * Getting Started: each step leads where it is done, and is ticked once the person has done it,
 * not before (a profile filled in from the application is not one they have checked).
 */
function steps({ profile, tasks, totalEarnings }: CreatorDashboard) {
  return [
    { key: 'profile', to: paths.settings, isDone: profile.checkedAt !== null },
    { key: 'tasks', to: paths.tasks, isDone: tasks.open + tasks.completed > 0 },
    { key: 'submit', to: paths.tasks, isDone: tasks.completed > 0 },
    { key: 'earnings', to: paths.compensation, isDone: Number(totalEarnings) > 0 },
  ] as const;
}

export function DashboardPage() {
  const { t } = useLanguage();
  const dashboard = useDashboard();

  return (
    <PageMain>
      <WelcomeBanner page="dashboard" isReturning={Boolean(dashboard.data?.previousSignInAt)} />
      <QueryState query={dashboard}>
        {(data) => (
          <>
            <CreatorFigures dashboard={data} />
            <QuickActions>
              <ActionCard
                to={paths.settings}
                title={t('dashboard.influencer.updateProfile')}
                caption={t('dashboard.influencer.updateProfileCaption')}
                icon={Settings}
              />
              <ActionCard
                to={paths.tasks}
                title={t('dashboard.influencer.myTasks')}
                caption={t('dashboard.influencer.myTasksCaption')}
                icon={ClipboardList}
              />
              <ActionCard
                to={paths.compensation}
                title={t('dashboard.influencer.myCompensation')}
                caption={t('dashboard.influencer.myCompensationCaption')}
                icon={DollarSign}
              />
            </QuickActions>
            <GettingStarted dashboard={data} />
          </>
        )}
      </QueryState>
    </PageMain>
  );
}

function CreatorFigures({
  dashboard: { profile, tasks, totalEarnings },
}: {
  dashboard: CreatorDashboard;
}) {
  const { t, language } = useLanguage();
  return (
    <DashboardFigures>
      <StatCard
        label={t('dashboard.influencer.profile')}
        value={`${profile.completeness}%`}
        caption={
          profile.missing.length > 0
            ? t('dashboard.influencer.profileMissing', {
                fields: listFormat(language).format(
                  profile.missing.map((field) => t(`users.field.${field}`)),
                ),
              })
            : profile.checkedAt === null
              ? t('dashboard.influencer.profileToCheck')
              : t('dashboard.influencer.profileComplete')
        }
        icon={UserRoundCheck}
      />
      <StatCard
        label={t('dashboard.influencer.openTasks')}
        value={tasks.open}
        caption={t('dashboard.influencer.openTasksCaption')}
        icon={ClipboardList}
      />
      <StatCard
        label={t('dashboard.influencer.completedTasks')}
        value={tasks.completed}
        caption={t('dashboard.influencer.completedTasksCaption')}
        icon={ClipboardCheck}
      />
      <StatCard
        label={t('dashboard.influencer.earnings')}
        value={formatMoney(totalEarnings, language)}
        caption={t('dashboard.influencer.earningsCaption')}
        icon={DollarSign}
      />
    </DashboardFigures>
  );
}

function GettingStarted({ dashboard }: { dashboard: CreatorDashboard }) {
  const { t } = useLanguage();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('dashboard.influencer.gettingStarted')}</h2>
      <ol className="mt-4 grid gap-2">
        {steps(dashboard).map(({ key, to, isDone }, index) => {
          const Icon = isDone ? CheckCircle2 : Circle;
          return (
            <li key={key}>
              <Link to={to} className="flex items-start gap-3 rounded-md p-2 hover:bg-background">
                <Icon
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    isDone ? 'text-emerald-400' : 'text-muted-foreground',
                  )}
                  aria-hidden="true"
                />
                <span>
                  <span className="block font-medium">
                    {index + 1}. {t(`dashboard.step.${key}`)}
                    {isDone && <span className="sr-only"> ({t('dashboard.stepDone')})</span>}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {t(`dashboard.step.${key}Hint`)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

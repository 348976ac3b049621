import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AppPage } from '../../../domain/routes.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader } from './page.tsx';

/** A heading's catalogue keys. */
interface ScreenHeading {
  title: string;
  subtitle: string;
  /** A note under the heading that the screen always shows. */
  notice?: string;
}

/**
 * The heading of each signed-in screen whose heading is the same for everyone (not a dashboard's
 * greeting, not a task's title), as catalogue keys. The screen draws it, and so does its frame
 * while the session is still being asked for, on the server too: a phone paints the screen's
 * heading with the page instead of once its scripts have run (decision 0060).
 */
export const screenHeadings = {
  adminApplications: { title: 'page.adminApplications', subtitle: 'applications.subtitle' },
  adminTasks: { title: 'page.adminTaskRequests', subtitle: 'tasks.admin.subtitle' },
  adminUsers: { title: 'page.adminUsers', subtitle: 'users.subtitle' },
  adminCreators: { title: 'page.adminInfluencers', subtitle: 'compensation.influencers.subtitle' },
  adminAudit: { title: 'page.adminAudit', subtitle: 'audit.subtitle' },
  tasks: { title: 'page.tasks', subtitle: 'tasks.mine.subtitle' },
  compensation: { title: 'page.compensation', subtitle: 'compensation.mine.subtitle' },
  settings: {
    title: 'page.settings',
    subtitle: 'settings.subtitle',
    notice: 'settings.adminOnlyNotice',
  },
  notifications: { title: 'notifications.title', subtitle: 'notifications.pageSubtitle' },
} satisfies Partial<Record<AppPage, ScreenHeading>>;

export type ScreenWithHeading = keyof typeof screenHeadings;

export function hasScreenHeading(page: string): page is ScreenWithHeading {
  return Object.hasOwn(screenHeadings, page);
}

/**
 * The dashboards' subtitles, as catalogue keys: a dashboard is headed by a greeting by name, which
 * only the session knows, over a subtitle that is the same for everyone. Before the session
 * answers, the frame draws the banner with the subtitle and a placeholder for the greeting.
 */
export const greetingSubtitles = {
  dashboard: 'dashboard.influencer.subtitle',
  adminDashboard: 'dashboard.admin.subtitle',
} satisfies Partial<Record<AppPage, string>>;

export type ScreenWithGreeting = keyof typeof greetingSubtitles;

export function hasGreeting(page: string): page is ScreenWithGreeting {
  return Object.hasOwn(greetingSubtitles, page);
}

const greetingStyle = 'text-2xl font-bold tracking-tight sm:text-3xl';
const greetingBar = 'inline-block h-[1em] rounded bg-foreground/10 align-middle';

/**
 * A dashboard's banner: the greeting over the subtitle of `page`. Without a greeting (the session
 * has not answered yet) bars, hidden from screen readers, hold its lines: two on a phone,
 * where a greeting by name mostly takes two, one on a wider screen.
 */
export function GreetingBanner({
  page,
  greeting,
}: {
  page: ScreenWithGreeting;
  greeting?: string;
}) {
  const { t } = useLanguage();
  return (
    <div className="rounded-xl border border-accent/30 bg-gradient-to-br from-accent/20 via-surface to-surface p-6 sm:p-8">
      {greeting === undefined ? (
        <div aria-hidden="true" className={greetingStyle}>
          <span className={`${greetingBar} w-full sm:w-3/5`} />{' '}
          <span className={`${greetingBar} w-2/5 sm:hidden`} />
        </div>
      ) : (
        <h1 className={greetingStyle}>{greeting}</h1>
      )}
      <p className="mt-1 text-muted-foreground">{t(greetingSubtitles[page])}</p>
    </div>
  );
}

/** The heading of `page` (see screenHeadings), with the screen's action beside it. */
export function ScreenHeader({ page, action }: { page: ScreenWithHeading; action?: ReactNode }) {
  const { t } = useLanguage();
  const heading: ScreenHeading = screenHeadings[page];
  return (
    <>
      <PageHeader title={t(heading.title)} subtitle={t(heading.subtitle)} action={action} />
      {heading.notice !== undefined && (
        <div className="flex gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <p>{t(heading.notice)}</p>
        </div>
      )}
    </>
  );
}

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

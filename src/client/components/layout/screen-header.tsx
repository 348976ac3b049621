import type { ReactNode } from 'react';
import type { AppPage } from '../../../domain/routes.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader } from './page.tsx';

/** A heading's catalogue keys. */
interface ScreenHeading {
  title: string;
  subtitle: string;
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
  settings: { title: 'page.settings', subtitle: 'settings.subtitle' },
  notifications: { title: 'notifications.title', subtitle: 'notifications.pageSubtitle' },
} satisfies Partial<Record<AppPage, ScreenHeading>>;

export type ScreenWithHeading = keyof typeof screenHeadings;

export function hasScreenHeading(page: string): page is ScreenWithHeading {
  return Object.hasOwn(screenHeadings, page);
}

/** The heading of `page` (see screenHeadings), with the screen's action beside it. */
export function ScreenHeader({ page, action }: { page: ScreenWithHeading; action?: ReactNode }) {
  const { t } = useLanguage();
  const { title, subtitle } = screenHeadings[page];
  return <PageHeader title={t(title)} subtitle={t(subtitle)} action={action} />;
}

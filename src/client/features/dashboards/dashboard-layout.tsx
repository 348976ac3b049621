import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../app/language-provider.tsx';
import { GreetingBanner, type ScreenWithGreeting } from '../../components/layout/screen-header.tsx';
import { StatCards } from '../../components/ui/stat-card.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

export { StatCard } from '../../components/ui/stat-card.tsx';

/** The row of figures at the top of both dashboards; its children are StatCards. */
export function DashboardFigures({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  return <StatCards label={t('dashboard.figures')}>{children}</StatCards>;
}

/** The Quick Actions of both dashboards; its children are ActionCards. */
export function QuickActions({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="quick-actions" className="grid gap-4">
      <h2 id="quick-actions" className="text-lg font-semibold">
        {t('dashboard.quickActions')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">{children}</div>
    </section>
  );
}

export function ActionCard({
  to,
  title,
  caption,
  icon: Icon,
}: {
  to: string;
  title: string;
  caption: ReactNode;
  icon: LucideIcon;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-lg border border-border bg-surface p-5 transition-colors hover:border-accent"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-accent/15 text-accent">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold group-hover:text-accent">{title}</span>
        <span className="block text-sm text-muted-foreground">{caption}</span>
      </span>
    </Link>
  );
}

/**
 * The greeting at the top of both dashboards, by the signed-in person's username. "Welcome back"
 * only to someone who has signed in before (the dashboard's `previousSignInAt`); until that is
 * known, and on a first visit, a plain "Welcome".
 */
export function WelcomeBanner({
  page,
  isReturning = false,
}: {
  page: ScreenWithGreeting;
  isReturning?: boolean;
}) {
  const { t } = useLanguage();
  const { data: user } = useCurrentUser();
  const greeting = t(isReturning ? 'dashboard.welcomeBack' : 'dashboard.welcome', {
    username: user?.username ?? '',
  });
  return <GreetingBanner page={page} greeting={greeting} />;
}

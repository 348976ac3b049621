import {
  ClipboardList,
  DollarSign,
  ExternalLink,
  FileText,
  LayoutDashboard,
  LogOut,
  Menu,
  Settings,
  ScrollText,
  Star,
  Users,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import type { User } from '../../domain/users.ts';
import { matchRoute, paths } from '../../domain/routes.ts';
import { useLanguage } from './language-provider.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { useUpdateLanguage } from '../features/users/api/update-language.ts';
import { NotificationsMenu } from '../features/notifications/notifications-menu.tsx';
import { ApiError } from '../lib/api-fetch.ts';
import { prepareFormatters } from '../lib/format.ts';
import {
  currentUserQueryKey,
  homePathFor,
  returnToParam,
  useCurrentUser,
} from '../lib/current-user.ts';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { LanguageSelect } from '../components/layout/language-select.tsx';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';
import { Loading, PageMain } from '../components/layout/page.tsx';
import {
  GreetingBanner,
  hasGreeting,
  hasScreenHeading,
  ScreenHeader,
} from '../components/layout/screen-header.tsx';
import { Sidebar, type NavItem } from './sidebar.tsx';

/** Who may open the signed-in routes inside this layout; set in the router. */
export interface RouteAccess {
  access: 'admin' | 'creator' | 'signed-in';
}

const adminNav: NavItem[] = [
  { to: paths.adminDashboard, labelKey: 'layout.nav.dashboard', icon: LayoutDashboard },
  { to: paths.adminApplications, labelKey: 'layout.nav.applications', icon: FileText },
  { to: paths.adminTasks, labelKey: 'layout.nav.taskRequests', icon: ClipboardList },
  { to: paths.adminUsers, labelKey: 'layout.nav.users', icon: Users },
  { to: paths.adminCreators, labelKey: 'layout.nav.influencers', icon: Star },
  { to: paths.adminAudit, labelKey: 'layout.nav.audit', icon: ScrollText },
  { to: paths.settings, labelKey: 'layout.nav.settings', icon: Settings },
];

const creatorNav: NavItem[] = [
  { to: paths.dashboard, labelKey: 'layout.nav.dashboard', icon: LayoutDashboard },
  { to: paths.tasks, labelKey: 'layout.nav.tasks', icon: ClipboardList },
  { to: paths.compensation, labelKey: 'layout.nav.compensation', icon: DollarSign },
  { to: paths.settings, labelKey: 'layout.nav.settings', icon: Settings },
];

/**
 * The frame of every signed-in page, and its guard: visitors who are not signed in go to /login
 * (which brings them back here afterwards); each role is kept to its own pages (decision 0007).
 */
export function SignedInLayout({ access, children }: RouteAccess & { children?: ReactNode }) {
  const { data, isError, refetch } = useCurrentUser();
  // The frame and the page are drawn in the background once the session answers (a deferred
  // value: React draws them in slices between which a phone stays responsive), not in one long
  // task as the query's update would be; 'Loading…' stays until they are ready.
  const user = useDeferredValue(data);
  const location = useLocation();
  const { t, language } = useLanguage();
  useEffect(() => prepareFormatters(language), [language]);

  if (isError) {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4">
        <h1 className="text-xl font-semibold">{t('layout.sessionError')}</h1>
        <Button onClick={() => void refetch()}>{t('common.tryAgain')}</Button>
      </main>
    );
  }
  if (user === undefined) return <ScreenBeforeSession />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to={`${paths.login}?${new URLSearchParams({ [returnToParam]: from })}`} replace />
    );
  }
  // Held by REQUIRE_ADMIN_2FA: the set-up, whatever page was opened (decision 0052).
  if (user.twoFactor.setupRequired) return <HeldForTwoFactor />;
  if (access === 'admin' && !user.isAdmin) return <Navigate to={homePathFor(user)} replace />;
  if (access === 'creator' && user.isAdmin) return <Navigate to={homePathFor(user)} replace />;

  return <Shell user={user}>{children ?? <Outlet />}</Shell>;
}

// Loaded only for the few held by it: its form (React Hook Form, Zod, the QR code) stays out of
// the frame every signed-in page downloads.
const TwoFactorGate = lazy(async () => ({
  default: (await import('../features/users/two-factor-gate.tsx')).TwoFactorGate,
}));

function HeldForTwoFactor() {
  const logout = useLogout();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <TwoFactorGate onSignOut={() => logout.mutate()} isSigningOut={logout.isPending} />
    </Suspense>
  );
}

/**
 * A session can end while a page is open (12 hours idle, a password changed elsewhere). The first
 * call answered 401 asks again who is signed in; the guard above then sends the person to /login,
 * which brings them back here.
 */
function useSignOutOnExpiredSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

function Shell({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useLanguage();
  useSignOutOnExpiredSession();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const saveLanguage = useUpdateLanguage();
  const nav = user.isAdmin ? adminNav : creatorNav;
  // On a phone the menu has done its job once a page is chosen.
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <Frame
      sidebar={<Sidebar user={user} nav={nav} onNavigate={closeMenu} isMenuOpen={isMenuOpen} />}
      header={
        <>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
            className="rounded-md p-2 text-muted-foreground hover:text-foreground lg:hidden"
          >
            <Menu className="size-5" aria-hidden="true" />
            <span className="sr-only">{t('layout.openMenu')}</span>
          </button>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <LanguageSelect onChange={(next) => saveLanguage.mutate({ preferredLanguage: next })} />
            <NotificationsMenu />
            <Link to={paths.home} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <ExternalLink aria-hidden="true" />
              <span className="max-sm:sr-only">{t('layout.viewSite')}</span>
            </Link>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => logout.mutate()}
              isPending={logout.isPending}
            >
              <LogOut aria-hidden="true" />
              <span className="max-sm:sr-only">{t('layout.logout')}</span>
            </Button>
          </div>
        </>
      }
    >
      {children}
    </Frame>
  );
}

/** The signed-in frame: the sidebar beside the page on a wide screen, the header above it. */
function Frame({
  sidebar,
  header,
  children,
}: {
  sidebar: ReactNode;
  header: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh lg:flex">
      {sidebar}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-6">
          {header}
        </header>
        {children}
      </div>
    </div>
  );
}

/**
 * The screen until the session has answered: the frame, still empty, around the screen's heading
 * (when it is the same for everyone) and 'Loading…'. The server sends it as the screen's page
 * (it cannot know who asks), so a phone paints the heading at once, and the screen then takes its
 * place without moving it (decision 0060).
 */
function ScreenBeforeSession() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  return (
    <Frame
      sidebar={
        <div className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-border bg-surface lg:block" />
      }
      header={null}
    >
      <PageMain>
        {match.kind === 'app' && hasScreenHeading(match.page) && <ScreenHeader page={match.page} />}
        {match.kind === 'app' && hasGreeting(match.page) && <GreetingBanner page={match.page} />}
        <Loading />
      </PageMain>
    </Frame>
  );
}

import {
  ClipboardList,
  DollarSign,
  ExternalLink,
  FileText,
  LayoutDashboard,
  LogOut,
  Menu,
  Settings,
  Sparkle,
  Star,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import type { User } from '../../domain/users.ts';
import { paths } from '../../domain/routes.ts';
import { useLanguage } from './language-provider.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { useUpdateLanguage } from '../features/users/api/update-language.ts';
import { NotificationsMenu } from '../features/notifications/notifications-menu.tsx';
import { cn } from '../lib/cn.ts';
import { ApiError } from '../lib/api-fetch.ts';
import {
  currentUserQueryKey,
  homePathFor,
  returnToParam,
  useCurrentUser,
} from '../lib/current-user.ts';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { LanguageSelect } from '../components/layout/language-select.tsx';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';

/** Who may open the signed-in routes inside this layout; set in the router. */
export interface RouteAccess {
  access: 'admin' | 'influencer' | 'signed-in';
}

interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
}

const adminNav: NavItem[] = [
  { to: paths.adminDashboard, labelKey: 'layout.nav.dashboard', icon: LayoutDashboard },
  { to: paths.adminApplications, labelKey: 'layout.nav.applications', icon: FileText },
  { to: paths.adminTaskRequests, labelKey: 'layout.nav.taskRequests', icon: ClipboardList },
  { to: paths.adminUsers, labelKey: 'layout.nav.users', icon: Users },
  { to: paths.adminInfluencers, labelKey: 'layout.nav.influencers', icon: Star },
  { to: paths.settings, labelKey: 'layout.nav.settings', icon: Settings },
];

const influencerNav: NavItem[] = [
  { to: paths.dashboard, labelKey: 'layout.nav.dashboard', icon: LayoutDashboard },
  { to: paths.tasks, labelKey: 'layout.nav.tasks', icon: ClipboardList },
  { to: paths.compensation, labelKey: 'layout.nav.compensation', icon: DollarSign },
  { to: paths.settings, labelKey: 'layout.nav.settings', icon: Settings },
];

/**
 * The frame of every signed-in page, and its guard: visitors who are not signed in go to /login
 * (which brings them back here afterwards); each role is kept to its own pages (decision 0007).
 */
export function SignedInLayout({ access }: RouteAccess) {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  const location = useLocation();
  const { t } = useLanguage();

  if (isPending) return <LoadingScreen />;
  if (isError) {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4">
        <h1 className="text-xl font-semibold">{t('layout.sessionError')}</h1>
        <Button onClick={() => void refetch()}>{t('common.tryAgain')}</Button>
      </main>
    );
  }
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to={`${paths.login}?${new URLSearchParams({ [returnToParam]: from })}`} replace />
    );
  }
  if (access === 'admin' && !user.isAdmin) return <Navigate to={homePathFor(user)} replace />;
  if (access === 'influencer' && user.isAdmin) return <Navigate to={homePathFor(user)} replace />;

  return <Shell user={user} />;
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

function Shell({ user }: { user: User }) {
  const { t } = useLanguage();
  useSignOutOnExpiredSession();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const saveLanguage = useUpdateLanguage();
  const nav = user.isAdmin ? adminNav : influencerNav;

  const sidebarRef = useRef<HTMLElement>(null);

  // The open menu on a phone closes with Escape or a tap beside it (on the dimmed page).
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!sidebarRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isMenuOpen]);

  return (
    <div className="min-h-dvh lg:flex">
      {isMenuOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/60 lg:hidden" />
      )}
      <aside
        ref={sidebarRef}
        id="sidebar"
        aria-label={t('layout.sidebar')}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-surface transition-[translate,visibility] duration-200 lg:sticky lg:top-0 lg:h-dvh lg:shrink-0',
          // Off screen and out of the tab order on small screens until opened.
          !isMenuOpen && 'max-lg:invisible max-lg:-translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-border px-4">
          <Link
            to={homePathFor(user)}
            className="flex items-center gap-2 rounded-md p-1 font-semibold tracking-wide"
          >
            <Sparkle className="size-6 text-accent" aria-hidden="true" />
            {t('layout.brand')}
          </Link>
          <button
            type="button"
            onClick={() => setMenuOpen(false)}
            className="rounded-md p-2 text-muted-foreground hover:text-foreground lg:hidden"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{t('layout.closeMenu')}</span>
          </button>
        </div>
        <nav aria-label={t('layout.navigation')} className="flex-1 overflow-y-auto p-3">
          <ul className="grid gap-1">
            {nav.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  // On a phone the menu has done its job once a page is chosen.
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-accent text-accent-foreground'
                        : 'text-muted-foreground hover:bg-background hover:text-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {t(labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 border-t border-border p-4">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-base font-bold text-accent-foreground"
          >
            {user.username.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{user.username}</p>
            <p className="text-xs text-muted-foreground">
              {t(user.isAdmin ? 'layout.roleAdmin' : 'layout.roleUser')}
            </p>
          </div>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-expanded={isMenuOpen}
            aria-controls="sidebar"
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
              disabled={logout.isPending}
            >
              <LogOut aria-hidden="true" />
              <span className="max-sm:sr-only">{t('layout.logout')}</span>
            </Button>
          </div>
        </header>
        <Outlet />
      </div>
    </div>
  );
}

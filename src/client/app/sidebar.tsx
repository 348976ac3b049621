import * as Dialog from '@radix-ui/react-dialog';
import { Sparkle, X, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import type { User } from '../../domain/users.ts';
import { cn } from '../lib/cn.ts';
import { homePathFor } from '../lib/current-user.ts';
import { useLanguage } from './language-provider.tsx';
import { useSite } from './site-provider.tsx';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
}

interface SidebarProps {
  user: User;
  nav: readonly NavItem[];
  /** Closes the menu on a small screen. */
  onNavigate: () => void;
}

/** Tailwind's `lg`: from here on the sidebar stands beside the page instead of opening over it. */
const wideScreen = '(min-width: 64rem)';

/**
 * The signed-in sidebar: beside the page on a wide screen; on a small one, a drawer in a Radix
 * Dialog (focus kept inside, Escape and a tap on the dimmed page close it, focus back on the menu
 * button). Render it inside the `Dialog.Root` that the menu button opens.
 */
export function Sidebar({ user, nav, onNavigate }: SidebarProps) {
  const { t } = useLanguage();

  // A drawer left open while the window widens would keep the page locked behind it.
  useEffect(() => {
    const query = window.matchMedia(wideScreen);
    const onChange = () => {
      if (query.matches) onNavigate();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [onNavigate]);

  return (
    <>
      <aside
        aria-label={t('layout.sidebar')}
        className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-border bg-surface lg:flex"
      >
        <SidebarPanel user={user} nav={nav} onNavigate={onNavigate} isInMenu={false} />
      </aside>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-black/60 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-surface lg:hidden"
        >
          <Dialog.Title className="sr-only">{t('layout.navigation')}</Dialog.Title>
          <aside aria-label={t('layout.sidebar')} className="flex min-h-0 flex-1 flex-col">
            <SidebarPanel user={user} nav={nav} onNavigate={onNavigate} isInMenu />
          </aside>
        </Dialog.Content>
      </Dialog.Portal>
    </>
  );
}

function SidebarPanel({ user, nav, onNavigate, isInMenu }: SidebarProps & { isInMenu: boolean }) {
  const { t } = useLanguage();
  // The configured SITE_NAME, the same name the public pages and the mails carry.
  const { agencyName } = useSite();
  return (
    <>
      <div className="flex h-16 items-center justify-between gap-2 border-b border-border px-4">
        <Link
          to={homePathFor(user)}
          className="flex items-center gap-2 rounded-md p-1 font-semibold tracking-wide"
        >
          <Sparkle className="size-6 shrink-0 text-accent" aria-hidden="true" />
          {agencyName}
        </Link>
        {isInMenu && (
          <Dialog.Close className="rounded-md p-2 text-muted-foreground hover:text-foreground">
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{t('layout.closeMenu')}</span>
          </Dialog.Close>
        )}
      </div>
      <nav aria-label={t('layout.navigation')} className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {nav.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                // On a phone the menu has done its job once a page is chosen.
                onClick={onNavigate}
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
    </>
  );
}

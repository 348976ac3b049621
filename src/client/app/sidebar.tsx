import { Sparkle, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import type { User } from '../../domain/users.ts';
import { Dialog } from '../components/ui/dialog.tsx';
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

interface MenuProps {
  /** Whether the menu is open on a small screen (the header's menu button opens it). */
  isMenuOpen: boolean;
}

/** Tailwind's `lg`: from here on the sidebar stands beside the page instead of opening over it. */
const wideScreen = '(min-width: 64rem)';

/**
 * The signed-in sidebar: beside the page on a wide screen; on a small one, a drawer in a modal
 * dialog (the page behind it inert, Escape and a tap on the dimmed page close it, focus back on
 * the menu button).
 */
export function Sidebar({ user, nav, onNavigate, isMenuOpen }: SidebarProps & MenuProps) {
  const { t } = useLanguage();

  // A drawer left open while the window widens would keep the page inert behind it.
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
        <SidebarPanel user={user} nav={nav} onNavigate={onNavigate} />
      </aside>
      <Dialog
        open={isMenuOpen}
        onOpenChange={(open) => {
          if (!open) onNavigate();
        }}
        title={t('layout.navigation')}
        size="drawer"
        closeLabel={t('layout.closeMenu')}
      >
        <aside aria-label={t('layout.sidebar')} className="flex min-h-0 flex-1 flex-col">
          <SidebarPanel user={user} nav={nav} onNavigate={onNavigate} />
        </aside>
      </Dialog>
    </>
  );
}

function SidebarPanel({ user, nav, onNavigate }: SidebarProps) {
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

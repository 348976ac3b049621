import * as Popover from '@radix-ui/react-popover';
import { Bell, DollarSign, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  notificationBadgeMax,
  notificationDropdownLimit,
  type Notification,
} from '../../../domain/notifications.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { cn } from '../../lib/cn.ts';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useNotifications } from './api/get-notifications.ts';
import { paths } from '../../../domain/routes.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

/**
 * Where a notification leads: a compensation notice to the compensation page (spec section 2), a
 * task notice to that task (for an administrator, its review screen: a creator submitted);
 * other kinds stay in the dropdown.
 */
function destination({ type, relatedId }: Notification, isAdmin: boolean): string | undefined {
  if (!relatedId) return undefined;
  if (type === 'compensation') return paths.compensation;
  if (type === 'task')
    return isAdmin ? paths.adminTaskDetail(relatedId) : paths.taskDetail(relatedId);
  return undefined;
}

/**
 * The bell in the top bar and its dropdown (spec section 2, Notifications dropdown). Radix's
 * Popover closes it on Escape or a click outside and returns focus to the bell.
 */
export function NotificationsMenu() {
  const { t } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const headingId = useId();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications.slice(0, notificationDropdownLimit) ?? [];

  // Radix gives focus back to the bell when the panel closes.
  const close = () => setOpen(false);

  const open = (notification: Notification) => {
    if (!notification.isRead) {
      markRead.mutate(notification.id, {
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('notifications.markReadFailed'),
          }),
      });
    }
    const target = destination(notification, user?.isAdmin === true);
    if (target) {
      setOpen(false);
      void navigate(target);
    }
  };

  const readAll = () =>
    markAllRead.mutate(undefined, {
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('notifications.markAllReadFailed'),
        }),
    });

  const badge = unread > notificationBadgeMax ? `${notificationBadgeMax}+` : String(unread);

  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger className="relative rounded-md p-2 text-muted-foreground hover:bg-surface hover:text-foreground">
        <Bell className="size-5" aria-hidden="true" />
        <span className="sr-only">
          {unread > 0
            ? t('notifications.buttonUnread', { count: unread })
            : t('notifications.button')}
        </span>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-destructive-foreground"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>

      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-border bg-surface shadow-xl shadow-black/50"
        >
          <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
              <h2 id={headingId} className="font-semibold">
                {t('notifications.title')}
              </h2>
              <div className="flex items-center gap-1">
                {unread > 0 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={readAll}
                    disabled={markAllRead.isPending}
                  >
                    {t('notifications.markAllRead')}
                  </Button>
                )}
                <button
                  type="button"
                  onClick={close}
                  className="rounded-md p-1.5 text-muted-foreground hover:text-foreground"
                >
                  <X className="size-4" aria-hidden="true" />
                  <span className="sr-only">{t('notifications.close')}</span>
                </button>
              </div>
            </div>

            <div className="min-h-0 flex-1 overflow-y-auto">
              {isPending ? (
                <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
                  {t('notifications.loading')}
                </p>
              ) : isError ? (
                <p role="alert" className="px-4 py-8 text-center text-sm text-muted-foreground">
                  {t('notifications.loadFailed')}
                </p>
              ) : notifications.length === 0 ? (
                <div className="px-4 py-8 text-center">
                  <Bell className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
                  <p className="mt-3 font-medium">{t('notifications.empty')}</p>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {t('notifications.emptyHint')}
                  </p>
                </div>
              ) : (
                <ul className="divide-y divide-border">
                  {notifications.map((notification) => {
                    const Icon = notification.type === 'compensation' ? DollarSign : Bell;
                    return (
                      <li key={notification.id}>
                        <button
                          type="button"
                          onClick={() => open(notification)}
                          className={cn(
                            'flex w-full gap-3 px-4 py-3 text-left hover:bg-background',
                            !notification.isRead && 'bg-accent/5',
                          )}
                        >
                          <Icon
                            className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                            aria-hidden="true"
                          />
                          <span className="min-w-0 flex-1">
                            <span className="block text-sm font-medium">{notification.title}</span>
                            <span className="mt-0.5 block text-sm text-muted-foreground">
                              {notification.message}
                            </span>
                            <span className="mt-1 block text-xs text-muted-foreground">
                              <TimeAgo iso={notification.createdAt} />
                            </span>
                          </span>
                          {!notification.isRead && (
                            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent">
                              <span className="sr-only">{t('notifications.unread')}</span>
                            </span>
                          )}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>

            <div className="border-t border-border p-2">
              <Button variant="ghost" size="sm" className="w-full" onClick={close}>
                {t('notifications.viewAll')}
              </Button>
            </div>
          </section>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

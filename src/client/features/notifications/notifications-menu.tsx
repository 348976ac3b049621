import { Bell, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notificationBadgeMax, type Notification } from '../../../domain/notifications.ts';
import { paths } from '../../../domain/routes.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Popover } from '../../components/ui/popover.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useNotificationStream } from './api/notification-stream.ts';
import { notificationDestination } from './notification-destination.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * Opening a notification marks it read and, when it leads somewhere, closes the panel
 * (`onLeave`) and goes there. Held by the menu, not the panel, so a failure is still told once
 * the panel has closed.
 */
function useOpenNotification(onLeave: () => void) {
  const { t } = useLanguage();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const markRead = useMarkNotificationRead();
  return (notification: Notification) => {
    if (!notification.isRead) {
      markRead.mutate(notification.id, {
        onError: (error) =>
          toastFailure(t, error, {
            title: t('common.error'),
            fallback: t('notifications.markReadFailed'),
          }),
      });
    }
    const target = notificationDestination(notification, user?.isAdmin === true);
    if (target) {
      onLeave();
      void navigate(target);
    }
  };
}

/** "Mark all read", with the same care: its failure is told even after the panel closed. */
function useReadAll() {
  const { t } = useLanguage();
  const markAllRead = useMarkAllNotificationsRead();
  const readAll = () =>
    markAllRead.mutate(undefined, {
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('notifications.markAllReadFailed'),
        }),
    });
  return { readAll, isReadingAll: markAllRead.isPending };
}

/**
 * The bell in the top bar and its panel (docs/product.md, "Notifications (the bell)"); the
 * browser closes it on Escape or a click outside and returns focus to the bell.
 */
export function NotificationsMenu() {
  const { t } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const headingId = useId();
  const unread = useNotifications().data?.unreadCount ?? 0;
  // The bell is in every signed-in screen's frame: it holds the live stream for all of them.
  useNotificationStream();
  const close = () => setOpen(false);
  const open = useOpenNotification(close);
  const { readAll, isReadingAll } = useReadAll();
  const badge = unread > notificationBadgeMax ? `${notificationBadgeMax}+` : String(unread);

  return (
    <Popover
      isOpen={isOpen}
      onOpenChange={setOpen}
      buttonClassName="relative rounded-md p-2 text-muted-foreground hover:bg-surface hover:text-foreground"
      button={
        <>
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
        </>
      }
      maxWidthRem={24}
      maxHeightRem={36}
      panelLabel={t('notifications.title')}
      panelClassName="flex-col p-0 open:flex"
    >
      <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
        <PanelHeader
          headingId={headingId}
          unread={unread}
          onReadAll={readAll}
          isReadingAll={isReadingAll}
          onClose={close}
        />
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NotificationList onOpen={open} />
        </div>
        <div className="border-t border-border p-2">
          <Link
            to={paths.notifications}
            onClick={close}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'w-full' })}
          >
            {t('notifications.viewAll')}
          </Link>
        </div>
      </section>
    </Popover>
  );
}

/** The panel's title, "Mark all read" while some are unread, and the close button. */
function PanelHeader({
  headingId,
  unread,
  onReadAll,
  isReadingAll,
  onClose,
}: {
  headingId: string;
  unread: number;
  onReadAll: () => void;
  isReadingAll: boolean;
  onClose: () => void;
}) {
  const { t } = useLanguage();

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
      <h2 id={headingId} className="font-semibold">
        {t('notifications.title')}
      </h2>
      <div className="ml-auto flex items-center gap-1">
        {unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onReadAll}
            isPending={isReadingAll}
            pendingLabel={t('notifications.markingAllRead')}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-1.5 text-muted-foreground hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('notifications.close')}</span>
        </button>
      </div>
    </div>
  );
}

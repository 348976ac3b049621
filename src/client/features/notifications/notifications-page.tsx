import { Bell, DollarSign } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '../../../domain/notifications.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { toastFailure } from '../../components/ui/toast-failure.ts';
import { cn } from '../../lib/cn.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useNotificationPage } from './api/get-notification-page.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { notificationDestination } from './notification-destination.ts';

/**
 * Every notification, 25 to a page, newest first ("View all notifications" in the bell's panel):
 * each read in full, marked read one by one or all at once, and opened where it leads.
 */
export function NotificationsPage() {
  const { t } = useLanguage();
  const { page, setPage } = useListParams();
  const notifications = useNotificationPage(page);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = notifications.data?.unreadCount ?? 0;

  const read = (notification: Notification) => {
    if (notification.isRead) return;
    markRead.mutate(notification.id, {
      onError: (error) =>
        toastFailure(t, error, {
          title: t('common.error'),
          fallback: t('notifications.markReadFailed'),
        }),
    });
  };

  return (
    <PageMain>
      <ScreenHeader
        page="notifications"
        action={
          unread > 0 && (
            <Button
              variant="outline"
              isPending={markAllRead.isPending}
              pendingLabel={t('notifications.markingAllRead')}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onError: (error) =>
                    toastFailure(t, error, {
                      title: t('common.error'),
                      fallback: t('notifications.markAllReadFailed'),
                    }),
                })
              }
            >
              {t('notifications.markAllRead')}
            </Button>
          )
        }
      />
      <PagedList
        query={notifications}
        label={t('notifications.listLabel')}
        showingKey="notifications.showing"
        empty={
          <>
            <Bell className="mx-auto size-8" aria-hidden="true" />
            <p className="mt-3 font-medium text-foreground">{t('notifications.empty')}</p>
            <p className="mt-1 text-sm">{t('notifications.emptyHint')}</p>
          </>
        }
        onPageChange={setPage}
        className=""
      >
        {(notification) => (
          <NotificationCard
            notification={notification}
            onRead={() => read(notification)}
            isMarking={markRead.isPending && markRead.variables === notification.id}
          />
        )}
      </PagedList>
    </PageMain>
  );
}

function NotificationCard({
  notification,
  onRead,
  isMarking,
}: {
  notification: Notification;
  onRead: () => void;
  isMarking: boolean;
}) {
  const { t } = useLanguage();
  const { data: user } = useCurrentUser();
  const target = notificationDestination(notification, user?.isAdmin === true);
  const Icon = notification.type === 'compensation' ? DollarSign : Bell;
  return (
    <Card className={cn('flex gap-3', !notification.isRead && 'border-accent/50 bg-accent/5')}>
      <Icon className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="font-semibold break-words">{notification.title}</h2>
          {!notification.isRead && (
            <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
              {t('notifications.unread')}
            </span>
          )}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">
          {notification.message}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <TimeAgo iso={notification.createdAt} />
        </p>
        {(target !== undefined || !notification.isRead) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {target !== undefined && (
              <Link
                to={target}
                onClick={onRead}
                aria-label={t('notifications.openOf', { title: notification.title })}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                {t('notifications.open')}
              </Link>
            )}
            {!notification.isRead && (
              <Button
                variant="ghost"
                size="sm"
                onClick={onRead}
                isPending={isMarking}
                pendingLabel={t('notifications.markingAllRead')}
                aria-label={t('notifications.markReadOf', { title: notification.title })}
              >
                {t('notifications.markRead')}
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}

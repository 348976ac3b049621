import { Bell, DollarSign } from 'lucide-react';
import { notificationDropdownLimit, type Notification } from '../../../domain/notifications.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { cn } from '../../lib/cn.ts';
import { useNotifications } from './api/get-notifications.ts';

/** The panel's list: the newest notifications, or why there are none to show. */
export function NotificationList({ onOpen }: { onOpen: (notification: Notification) => void }) {
  const { t } = useLanguage();
  const { data, isPending, isError } = useNotifications();
  const notifications = data?.notifications.slice(0, notificationDropdownLimit) ?? [];

  if (isPending) {
    return (
      <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
        {t('notifications.loading')}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="px-4 py-8 text-center text-sm text-muted-foreground">
        {t('notifications.loadFailed')}
      </p>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="px-4 py-8 text-center">
        <Bell className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-medium">{t('notifications.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('notifications.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <NotificationItem notification={notification} onOpen={() => onOpen(notification)} />
        </li>
      ))}
    </ul>
  );
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  const { t } = useLanguage();
  const Icon = notification.type === 'compensation' ? DollarSign : Bell;
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'flex w-full gap-3 px-4 py-3 text-left hover:bg-background',
        !notification.isRead && 'bg-accent/5',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium">{notification.title}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{notification.message}</span>
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
  );
}

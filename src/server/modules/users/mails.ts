import { catalogueNotification, type NotifyInput } from '../notifications/notify.ts';

/** The notification a person finds when their account is created, naming the site (SITE_NAME). */
export function welcomeNotification(siteName: string): NotifyInput {
  return catalogueNotification('system', 'notification.welcome', { site: siteName });
}

/** Sent when an administrator sets someone's password, so the change never goes unnoticed. */
export const passwordChangedByAdminNotification: NotifyInput = catalogueNotification(
  'system',
  'notification.passwordChangedByAdmin',
);

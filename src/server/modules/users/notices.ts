import { catalogueNotice, type NotifyInput } from '../notifications/notify.ts';

/** What a person finds in their bell when their account is created, naming the site (SITE_NAME). */
export function welcomeNotice(siteName: string): NotifyInput {
  return catalogueNotice('system', 'notice.welcome', { site: siteName });
}

/** Sent when an administrator sets someone's password, so the change never goes unnoticed. */
export const passwordChangedByAdminNotice: NotifyInput = catalogueNotice(
  'system',
  'notice.passwordChangedByAdmin',
);

import type { MailMessage } from '../../../mail/mailer.ts';
import { composeMail } from '../../../mail/layout.ts';
import { textsIn } from '../../../texts.ts';
import { catalogueNotification, type NotifyInput } from '../../notifications/notify.ts';
import { dueInWords, openTaskLink, type TaskMailRecipient } from '../mails.ts';

/** The two due-date reminders: two days before, and within the last day (decision 0030). */
export type DueReminderKind = 'dueSoon' | 'dueToday';

/** Each reminder's texts in the mail catalogue. */
const catalogueKey = {
  dueSoon: 'taskDueSoon',
  dueToday: 'taskDueToday',
} as const satisfies Record<DueReminderKind, string>;

/** A due-date reminder to a creator who has not submitted, in their language. */
export function dueReminderMail(
  options: TaskMailRecipient & {
    kind: DueReminderKind;
    task: { id: string; title: string; dueDate: string };
  },
): MailMessage {
  const t = textsIn(options.language);
  const key = catalogueKey[options.kind];
  const { title } = options.task;
  const due = dueInWords(options.task.dueDate, options.language);
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t(`mail.${key}.subject`, { title }),
    blocks: [
      t('mail.task.greeting', { name: options.name }),
      t(`mail.${key}.intro`, { title, due }),
      t(`mail.${key}.ask`),
      openTaskLink(options, options.task.id),
    ],
  });
}

/** The reminder's notification: its message is the task's title, and a click opens it. */
export function dueReminderNotification(
  kind: DueReminderKind,
  task: { id: string; title: string },
): NotifyInput {
  return catalogueNotification(
    'task',
    `notification.${catalogueKey[kind]}`,
    { title: task.title },
    task.id,
  );
}

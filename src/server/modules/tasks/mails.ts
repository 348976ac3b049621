import type { Language } from '../../../domain/languages.ts';
import type { TaskStatus } from '../../../domain/tasks.ts';
import { paths } from '../../../domain/routes.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { textsIn } from '../../texts.ts';
import { catalogueNotification, type NotifyInput } from '../notifications/notify.ts';
import { dateTimeFormat } from '../../../domain/intl.ts';

/** Who a task mail goes to, in their language, and where the site is. */
export interface TaskMailRecipient {
  to: string;
  name: string;
  language: Language;
  appUrl: string;
}

/** The link at the foot of every task mail: the creator's own task page. */
export function openTaskLink(recipient: TaskMailRecipient, taskId: string) {
  return {
    link: new URL(paths.taskDetail(taskId), `${recipient.appUrl}/`).toString(),
    label: textsIn(recipient.language)('mail.task.action'),
  };
}

/** A due date written out in the reader's language; the zone is named, as readers live in several. */
export function dueInWords(dueDate: string, language: Language): string {
  const due = dateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(dueDate));
  return `${due} (UTC)`;
}

type TaskWithDueDate = { id: string; title: string; dueDate: string };

/**
 * A task mail that names the task and its due date in full: `mail.<key>.subject`, `.intro` and
 * `.due` in the reader's language, then the link to the task.
 */
function taskAndDueDateMail(
  key: 'taskAssigned' | 'taskDueDateMoved',
  options: TaskMailRecipient & { task: TaskWithDueDate },
): MailMessage {
  const t = textsIn(options.language);
  const { title } = options.task;
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t(`mail.${key}.subject`, { title }),
    blocks: [
      t('mail.task.greeting', { name: options.name }),
      t(`mail.${key}.intro`, { title }),
      t(`mail.${key}.due`, { due: dueInWords(options.task.dueDate, options.language) }),
      openTaskLink(options, options.task.id),
    ],
  });
}

/** The mail a creator gets when a task is assigned to them, in their language. */
export const taskAssignedMail = (options: TaskMailRecipient & { task: TaskWithDueDate }) =>
  taskAndDueDateMail('taskAssigned', options);

/** The notification of a new task: its message is the task's title, a click opens it. */
export function taskAssignedNotification(task: { id: string; title: string }): NotifyInput {
  return catalogueNotification('task', 'notification.taskAssigned', { title: task.title }, task.id);
}

/** The mail an assignee gets when the due date of their task moves: the new date, in full. */
export const taskDueDateMovedMail = (options: TaskMailRecipient & { task: TaskWithDueDate }) =>
  taskAndDueDateMail('taskDueDateMoved', options);

export function taskDueDateMovedNotification(task: {
  id: string;
  title: string;
  dueDate: string;
}): NotifyInput {
  return {
    type: 'task',
    relatedId: task.id,
    write: (texts, language) => ({
      title: texts('notification.taskDueDateMoved.title'),
      message: texts('notification.taskDueDateMoved.message', {
        title: task.title,
        due: dueInWords(task.dueDate, language),
      }),
    }),
  };
}

/** The mail to a creator whose task was deleted or who was taken off it: no link, it is gone. */
export function taskWithdrawnMail(
  options: TaskMailRecipient & { task: { title: string } },
): MailMessage {
  const t = textsIn(options.language);
  const { title } = options.task;
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t('mail.taskWithdrawn.subject', { title }),
    blocks: [
      t('mail.task.greeting', { name: options.name }),
      t('mail.taskWithdrawn.intro', { title }),
    ],
  });
}

/** The notice of a withdrawn task leads nowhere: there is no task to open any more. */
export function taskWithdrawnNotification(task: { title: string }): NotifyInput {
  return catalogueNotification('task', 'notification.taskWithdrawn', { title: task.title });
}

/** The notice to an assignee whose status an administrator set, with the status in words. */
export function taskStatusSetNotification(
  task: { id: string; title: string },
  status: TaskStatus,
): NotifyInput {
  return {
    type: 'task',
    relatedId: task.id,
    write: (texts) => ({
      title: texts('notification.taskStatusSet.title'),
      message: texts('notification.taskStatusSet.message', {
        title: task.title,
        status: texts(`tasks.status.${status}`),
      }),
    }),
  };
}

import type { ReviewDecision } from '../../../../domain/tasks.ts';
import { composeMail } from '../../../mail/layout.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import { textsIn } from '../../../texts.ts';
import { catalogueNotification, type NotifyInput } from '../../notifications/notify.ts';
import { openTaskLink, type TaskMailRecipient } from '../mails.ts';

/** Each decision's texts in the mail catalogue. */
const catalogueKey = {
  approved: 'taskApproved',
  changes_requested: 'taskChangesRequested',
} as const satisfies Record<ReviewDecision, string>;

/** The mail a creator gets when their submission is reviewed, in their language, with the note. */
export function taskReviewedMail(
  options: TaskMailRecipient & {
    decision: ReviewDecision;
    feedback: string | null;
    task: { id: string; title: string };
  },
): MailMessage {
  const t = textsIn(options.language);
  const key = catalogueKey[options.decision];
  const { title } = options.task;
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t(`mail.${key}.subject`, { title }),
    blocks: [
      t('mail.task.greeting', { name: options.name }),
      t(`mail.${key}.outcome`, { title }),
      ...(options.feedback ? [`${t(`mail.${key}.feedbackLabel`)}\n${options.feedback}`] : []),
      openTaskLink(options, options.task.id),
    ],
  });
}

/** A notification carries a short note; the mail and the task page carry the whole of it. */
const noteLength = 280;
const shortened = (text: string) =>
  text.length <= noteLength ? text : `${text.slice(0, noteLength - 1).trimEnd()}…`;

/** The notification to the creator: the decision, the task's title and the note. */
export function taskReviewedNotification(options: {
  decision: ReviewDecision;
  feedback: string | null;
  task: { id: string; title: string };
}): NotifyInput {
  const { decision, feedback, task } = options;
  return {
    type: 'task',
    relatedId: task.id,
    write: (texts) => ({
      title: texts(`notification.${catalogueKey[decision]}.title`),
      message: feedback
        ? texts('notification.taskReviewed.messageWithNote', {
            title: task.title,
            note: shortened(feedback),
          })
        : texts('notification.taskReviewed.message', { title: task.title }),
    }),
  };
}

/** The notification to every administrator when a creator submits: it names both. */
export function taskSubmittedNotification(
  task: { id: string; title: string },
  creatorName: string,
): NotifyInput {
  return catalogueNotification(
    'task',
    'notification.taskSubmitted',
    { creator: creatorName, title: task.title },
    task.id,
  );
}

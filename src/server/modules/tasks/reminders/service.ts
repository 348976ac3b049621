import { greetingName } from '../../../../domain/users.ts';
import { withTransaction, type Deps } from '../../../deps.ts';
import { notify } from '../../notifications/notify.ts';
import { dueReminderMail, dueReminderNotification, type DueReminderKind } from './mails.ts';
import {
  claimReminder,
  dueReminderCandidates,
  type ReminderCandidate,
  type ReminderColumn,
} from './repository.ts';

const hour = 3_600_000;

interface Reminder {
  column: ReminderColumn;
  opensBefore: number;
  closesBefore: number;
}

/**
 * The two reminders (decision 0030): one when the task falls due within 48 hours, one when it
 * falls due within 24 hours (the last day). Each goes once to each creator whose assignment is
 * still new or in progress, and only if they were assigned before its window opened: a task
 * handed out 30 hours before it is due gets the last-day reminder, not both.
 */
const reminders: Record<DueReminderKind, Reminder> = {
  dueSoon: { column: 'dueSoonRemindedAt', opensBefore: 48 * hour, closesBefore: 24 * hour },
  dueToday: { column: 'dueTodayRemindedAt', opensBefore: 24 * hour, closesBefore: 0 },
};

/** A bound on one round's work; anything left goes in the next round, minutes later. */
const batchSize = 500;

/**
 * Claims one creator's reminder and, unless it was passed over, writes its notification and
 * queues its mail with the claim. True when the reminder was sent.
 */
function claimAndRemind(
  deps: Deps,
  { kind, candidate, now }: { kind: DueReminderKind; candidate: ReminderCandidate; now: Date },
): Promise<boolean> {
  const reminder = reminders[kind];
  const windowOpened = Date.parse(candidate.dueDate) - reminder.opensBefore;
  const passedOver = Date.parse(candidate.assignedAt) > windowOpened;
  return withTransaction(deps, async (deps) => {
    const claimed = await claimReminder(
      deps.db,
      candidate.assignmentId,
      reminder.column,
      now.toISOString(),
    );
    // Work handed out inside the window is marked as dealt with, unsent, so the next sweeps do
    // not fetch it again and crowd out the creators still owed a reminder.
    if (!claimed || passedOver) return false;
    const task = { id: candidate.taskId, title: candidate.title };
    await notify(deps, candidate.userId, dueReminderNotification(kind, task));
    await deps.outbox.queue(
      deps,
      dueReminderMail({
        kind,
        to: candidate.email,
        name: greetingName(candidate),
        language: candidate.preferredLanguage,
        task: { ...task, dueDate: candidate.dueDate },
        appUrl: deps.config.appUrl,
      }),
    );
    return true;
  });
}

/**
 * Sends every reminder whose time has come, claiming each first, so that any number of server
 * processes sweeping one database at once send each reminder once. The notification and the mail
 * are written with the claim; the mail is delivered from the outbox once it commits (decision
 * 0038). Returns how many reminders this call sent.
 */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const now = deps.clock();
  let sent = 0;
  for (const [kind, reminder] of Object.entries(reminders) as [DueReminderKind, Reminder][]) {
    const candidates = await dueReminderCandidates(
      deps.db,
      reminder.column,
      {
        dueAfter: new Date(now.getTime() + reminder.closesBefore).toISOString(),
        dueBy: new Date(now.getTime() + reminder.opensBefore).toISOString(),
      },
      batchSize,
    );
    for (const candidate of candidates) {
      if (await claimAndRemind(deps, { kind, candidate, now })) sent += 1;
    }
  }
  return sent;
}

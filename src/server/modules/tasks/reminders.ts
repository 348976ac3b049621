import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import { dueReminderMail, dueReminderTitles, type DueReminderKind } from './mails.ts';
import {
  claimReminder,
  dueReminderCandidates,
  type ReminderColumn,
} from './reminder-repository.ts';
import { localizedNotification, notify } from '../notifications/notify.ts';

const hour = 3_600_000;

/**
 * The two reminders (issue 11, decision 0030): one when the task falls due within 48 hours,
 * one when it falls due within 24 hours (the last day). Each goes once to each creator whose
 * assignment is still new or in progress, and only if they were assigned before its window
 * opened: a task handed out 30 hours before it is due gets the last-day reminder, not both.
 */
const reminders: Record<
  DueReminderKind,
  { column: ReminderColumn; opensBefore: number; closesBefore: number }
> = {
  dueSoon: { column: 'dueSoonRemindedAt', opensBefore: 48 * hour, closesBefore: 24 * hour },
  dueToday: { column: 'dueTodayRemindedAt', opensBefore: 24 * hour, closesBefore: 0 },
};

const sweepEveryMs = 5 * 60 * 1000;
/** A bound on one round's work; anything left goes in the next round, minutes later. */
const batchSize = 500;

/**
 * Sends every reminder whose time has come, claiming each first, so that any number of server
 * processes sweeping one database at once send each reminder once. The bell's notice is written
 * with the claim; the mail goes after it. Returns how many reminders this call sent.
 */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const now = deps.clock();
  let sent = 0;
  for (const [kind, reminder] of Object.entries(reminders) as [
    DueReminderKind,
    (typeof reminders)[DueReminderKind],
  ][]) {
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
      const windowOpened = Date.parse(candidate.dueDate) - reminder.opensBefore;
      const passedOver = Date.parse(candidate.assignedAt) > windowOpened;
      const claimed = await deps.db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, candidate.assignmentId, reminder.column, now.toISOString())))
          return false;
        // Work handed out inside the window is marked as dealt with, unsent, so the next
        // sweeps do not fetch it again and crowd out the creators still owed a reminder.
        if (passedOver) return false;
        await notify(
          { ...deps, db: trx },
          candidate.userId,
          localizedNotification({
            type: 'task',
            relatedId: candidate.taskId,
            title: dueReminderTitles[kind],
            message: candidate.title,
          }),
        );
        return true;
      });
      if (!claimed) continue;
      deps.mailer.sendInBackground(
        dueReminderMail({
          kind,
          to: candidate.email,
          name: candidate.firstName ?? candidate.username,
          language: candidate.preferredLanguage,
          task: { id: candidate.taskId, title: candidate.title, dueDate: candidate.dueDate },
          appUrl: deps.config.appUrl,
        }),
      );
      sent += 1;
    }
  }
  return sent;
}

/** Every process sweeps for due reminders; the claims keep them from sending one twice. */
export const taskReminders: FastifyPluginAsyncZod = async (app) => {
  const send = () => sendDueReminders(app.deps);
  runPeriodically(app, { name: 'Due-date reminders', everyMs: sweepEveryMs, run: send });
};

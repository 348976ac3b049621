import type { AdminDashboard, BackupStatus, CreatorDashboard } from '../../../domain/dashboards.ts';
import { profileFields } from '../../../domain/dashboards.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { User } from '../../../domain/users.ts';
import { backupStatus, runBackup } from '../../backups/runs.ts';
import { isDatabaseReachable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { DomainError } from '../../errors.ts';
import { givenUpMail } from '../../mail/outbox-repository.ts';
import { countApplications } from '../applications/repository.ts';
import { publishedCentsOf } from '../compensation/repository.ts';
import { assignmentCountsOf } from '../tasks/assignment-repository.ts';
import { countTasks } from '../tasks/repository.ts';
import { countAwaitingReview } from '../tasks/review/repository.ts';
import { countUsers, firstStepsOf } from '../users/repository.ts';

/**
 * An administrator's dashboard: the agency's figures and the system's state. The dashboards read
 * each area's figures through that area's repository.
 */
export async function adminDashboard(deps: Deps, admin: User): Promise<AdminDashboard> {
  const { db } = deps;
  // The same probe as the health check; without a database there are no figures to show.
  if (!(await isDatabaseReachable(db))) {
    throw new DomainError('unavailable', 'server.database_unreachable');
  }
  const [firstSteps, users, applications, tasks, awaitingReview, mail, backup] = await Promise.all([
    firstStepsOf(db, admin.id),
    countUsers(db),
    countApplications(db),
    countTasks(db),
    countAwaitingReview(db),
    givenUpMail(db),
    backupStatus(deps),
  ]);
  return {
    previousSignInAt: firstSteps.previousSignInAt,
    users: { total: users.total, admins: users.admins, regular: users.total - users.admins },
    applications,
    tasks: { total: tasks, awaitingReview },
    system: {
      database: 'connected',
      lastBackupAt: backup.last?.at ?? null,
      backup,
      mail: mailStatus(mail),
    },
  };
}

function mailStatus({ count, latest }: Awaited<ReturnType<typeof givenUpMail>>) {
  return {
    failed: count,
    lastFailure: latest
      ? {
          recipient: latest.recipient,
          subject: latest.subject,
          error: latest.lastError ?? '',
          failedAt: latest.failedAt ?? '',
        }
      : null,
  };
}

/** A creator's dashboard: how complete their profile is, their tasks and their earnings. */
export async function creatorDashboard(deps: Deps, creator: User): Promise<CreatorDashboard> {
  const { db } = deps;
  const [tasks, cents, firstSteps] = await Promise.all([
    assignmentCountsOf(db, creator.id),
    publishedCentsOf(db, creator.id),
    firstStepsOf(db, creator.id),
  ]);
  const missing = profileFields.filter((field) => !creator[field]);
  return {
    previousSignInAt: firstSteps.previousSignInAt,
    profile: {
      completeness: Math.round(
        (100 * (profileFields.length - missing.length)) / profileFields.length,
      ),
      missing,
      checkedAt: firstSteps.profileCheckedAt,
    },
    tasks: { open: tasks.total - tasks.completed, completed: tasks.completed },
    totalEarnings: centsToDecimal(cents),
  };
}

/**
 * "Back up now": starts a backup in this process and answers at once with the backups' state;
 * the dashboard follows its progress. Asked again while one is under way in any process (a double
 * tap, a second administrator), it starts nothing and answers that state: the backup asked for is
 * running (decision 0041).
 */
export async function backUpNow(
  deps: Deps,
  admin: { id: string; username: string },
): Promise<BackupStatus> {
  const started = new Promise<'started' | 'under way' | 'failed'>((resolve) => {
    void runBackup(deps, 'manual', { onStart: () => resolve('started'), actor: admin }).then(
      (outcome) => {
        if (!outcome) resolve('under way');
      },
      (error: unknown) => {
        deps.log.error({ err: error }, 'The backup could not start');
        resolve('failed');
      },
    );
  });
  if ((await started) === 'failed') throw new Error('The backup could not start');
  return backupStatus(deps);
}

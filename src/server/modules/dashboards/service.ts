import type { AdminDashboard, CreatorDashboard } from '../../../domain/dashboards.ts';
import { profileFields } from '../../../domain/dashboards.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { User } from '../../../domain/users.ts';
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
  const [firstSteps, users, applications, tasks, awaitingReview, mail] = await Promise.all([
    firstStepsOf(db, admin.id),
    countUsers(db),
    countApplications(db),
    countTasks(db),
    countAwaitingReview(db),
    givenUpMail(db),
  ]);
  return {
    previousSignInAt: firstSteps.previousSignInAt,
    users: { total: users.total, admins: users.admins, regular: users.total - users.admins },
    applications,
    tasks: { total: tasks, awaitingReview },
    // No backups are made by the application yet, so the last one is honestly "never".
    system: { database: 'connected', lastBackupAt: null, mail: mailStatus(mail) },
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

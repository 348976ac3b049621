import type { AdminDashboard, InfluencerDashboard } from '../../../domain/dashboards.ts';
import { profileFields } from '../../../domain/dashboards.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import { countApplications } from '../applications/repository.ts';
import { publishedCentsOf } from '../compensation/repository.ts';
import { assignmentCountsOf, countTasks } from '../tasks/repository.ts';
import { countAwaitingReview } from '../tasks/review-repository.ts';
import { countUsers, firstStepsOf } from '../users/repository.ts';

/** The dashboards read each area's figures through that area's repository. */
export async function adminFigures(
  db: Db,
): Promise<Omit<AdminDashboard, 'system' | 'previousSignInAt'>> {
  const [users, applications, tasks, awaitingReview] = await Promise.all([
    countUsers(db),
    countApplications(db),
    countTasks(db),
    countAwaitingReview(db),
  ]);
  return {
    users: { total: users.total, admins: users.admins, regular: users.total - users.admins },
    applications,
    tasks: { total: tasks, awaitingReview },
  };
}

export async function influencerFigures(db: Db, user: User): Promise<InfluencerDashboard> {
  const [tasks, cents, firstSteps] = await Promise.all([
    assignmentCountsOf(db, user.id),
    publishedCentsOf(db, user.id),
    firstStepsOf(db, user.id),
  ]);
  const missing = profileFields.filter((field) => !user[field]);
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

import type { AdminDashboard, InfluencerDashboard } from '../../../domain/dashboards.ts';
import { profileFields } from '../../../domain/dashboards.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';

export async function adminFigures(db: Db): Promise<Omit<AdminDashboard, 'system'>> {
  const [users, applications, tasks] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('isAdmin', '=', true).then(1).else(0).end()).as('admins'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('applications')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
          .as('pending'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  // sum() of no rows is null; PostgreSQL hands sums back as text.
  const admins = Number(users.admins ?? 0);
  return {
    users: { total: Number(users.total), admins, regular: Number(users.total) - admins },
    applications: {
      total: Number(applications.total),
      pending: Number(applications.pending ?? 0),
    },
    tasks: { total: Number(tasks.total) },
  };
}

export async function influencerFigures(db: Db, user: User): Promise<InfluencerDashboard> {
  const [tasks, earnings] = await Promise.all([
    db
      .selectFrom('taskAssignments')
      .innerJoin('tasks', 'tasks.id', 'taskAssignments.taskId')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('tasks.status', '=', 'completed').then(1).else(0).end())
          .as('completed'),
      ])
      .where('taskAssignments.userId', '=', user.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('compensations')
      .select((eb) => eb.fn.sum<number>('amountCents').as('cents'))
      .where('userId', '=', user.id)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow(),
  ]);
  const missing = profileFields.filter((field) => !user[field]);
  const completed = Number(tasks.completed ?? 0);
  return {
    profile: {
      completeness: Math.round(
        (100 * (profileFields.length - missing.length)) / profileFields.length,
      ),
      missing,
    },
    tasks: { open: Number(tasks.total) - completed, completed },
    totalEarnings: centsToDecimal(Number(earnings.cents ?? 0)),
  };
}

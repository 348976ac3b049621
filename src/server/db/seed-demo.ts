import type { Deps } from '../deps.ts';
import { notify } from '../modules/notifications/notify.ts';
import {
  firstAdministratorId,
  hasAccountAtDomain,
  usernamesOutsideDomain,
} from '../modules/users/repository.ts';
import { seedApplications } from './demo/applications.ts';
import { seedCompensation } from './demo/compensation.ts';
import { demoEmailDomain, seedPeople } from './demo/people.ts';
import { demoTasks, seedTasks } from './demo/tasks.ts';

export type SeedOutcome = 'seeded' | 'already-seeded' | { refused: string[] };

/**
 * Fills the database with a small demo agency: its people, tasks with files, two years of
 * compensation, applications, and a notification of a new task for Maria. Refuses when it holds
 * anyone besides the first administrator and the demo accounts, so it can never mix invented people
 * into a real agency; does nothing when the demo is already there.
 */
export async function seedDemo(deps: Deps): Promise<SeedOutcome> {
  const firstAdmin = await firstAdministratorId(deps.db);
  const realPeople = await usernamesOutsideDomain(deps.db, demoEmailDomain, firstAdmin);
  if (realPeople.length > 0) return { refused: realPeople };
  if (await hasAccountAtDomain(deps.db, demoEmailDomain)) return 'already-seeded';

  const people = await seedPeople(deps);
  await seedTasks(deps, people);
  await seedCompensation(deps, people);
  await seedApplications(deps, people.admin);
  await notify(deps, people.maria.id, {
    type: 'task',
    write: (texts) => ({
      title: texts('notification.taskAssigned.title'),
      message: demoTasks[0]?.title ?? '',
    }),
  });
  return 'seeded';
}

import type { Compensation } from '../../../domain/compensation.ts';
import type { User } from '../../../domain/users.ts';
import type { Deps } from '../../deps.ts';
import {
  createCompensation,
  publishCompensation,
  updateCompensation,
} from '../../modules/compensation/service.ts';
import { markAllRead } from '../../modules/notifications/repository.ts';
import type { DemoPeople } from './people.ts';

const dayMs = 86_400_000;

/** A creator's monthly compensation: steady growth from `base` by `step` a month. */
interface Plan {
  person: User;
  base: number;
  step: number;
  notes: string;
}

/** Dates and amounts counted back from the seed's `now`, in months (`back`) and days. */
function calendarOf(now: Date) {
  const periodOf = (back: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return { month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
  };
  return {
    periodOf,
    /** Day `dayOfMonth` of the month `back` months ago at 10:00 UTC, but no later than `daysAgo` days ago. */
    dayOf: (back: number, dayOfMonth: number, daysAgo: number) => {
      const date = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, dayOfMonth, 10),
      );
      const latest = new Date(now.getTime() - daysAgo * dayMs);
      return date < latest ? date : latest;
    },
    /** Steady growth with a seasonal bonus, so the charts and the year filter have a shape. */
    centsFor: ({ base, step }: Pick<Plan, 'base' | 'step'>, back: number) => {
      const bonus = [6, 11, 12].includes(periodOf(back).month) ? 45_000 : 0;
      return base + step * (24 - back) + bonus;
    },
  };
}

type Calendar = ReturnType<typeof calendarOf>;

/**
 * Recording as an administrator does it (through the service, so every entry has its record of
 * changes), each step at the time it would have happened.
 */
function bookkeeperOf(deps: Deps, admin: User, calendar: Calendar) {
  const at = (date: Date): Deps => ({
    ...deps,
    clock: () => date,
    // The demo's invented people have no mailboxes: the compensation service's mails are not queued.
    outbox: { ...deps.outbox, queue: async () => {} },
  });
  return {
    at,
    record: (person: User, back: number, enteredAt: Date, amount: number, notes: string) =>
      createCompensation(at(enteredAt), {
        fields: { userId: person.id, ...calendar.periodOf(back), amount, notes },
        admin,
      }),
    /** A month is published on the 5th of the next (never later than two days ago). */
    publish: (id: string, back: number): Promise<Compensation> =>
      publishCompensation(at(calendar.dayOf(back - 1, 5, 2)), { id, admin }),
  };
}

type Bookkeeper = ReturnType<typeof bookkeeperOf>;

/**
 * Two years of monthly compensation for Maria and Lucas: a month is entered on the 1st of the next
 * and published on the 5th. This month's waits as a draft; one of Maria's was corrected yesterday.
 * Sofia, who just joined, has one draft. Older notifications are read; the latest publication's and
 * the correction's are unread.
 */
export async function seedCompensation(
  deps: Deps,
  { admin, maria, lucas, sofia }: DemoPeople,
): Promise<void> {
  const now = deps.clock();
  const calendar = calendarOf(now);
  const books = bookkeeperOf(deps, admin, calendar);
  const mariaPlan = {
    person: maria,
    base: 150_000,
    step: 4_250,
    notes: 'Retainer and content bonus',
  };
  const plans: Plan[] = [
    mariaPlan,
    { person: lucas, base: 85_000, step: 2_125, notes: 'Monthly retainer' },
  ];

  // Each creator's months in order, the two creators side by side (on PostgreSQL, at once).
  const entered = await Promise.all(plans.map((plan) => seedHistory(books, calendar, plan)));
  for (const { person } of plans) await markAllRead(deps.db, person.id);
  // Last month's are published once the older notifications are read, so they are new.
  for (const entries of entered) await books.publish(entries[1] ?? '', 1);

  await updateCompensation(books.at(new Date(now.getTime() - dayMs)), {
    id: entered[0]?.[2] ?? '',
    changes: {
      amount: calendar.centsFor(mariaPlan, 2) + 12_500,
      notes: 'Retainer, content bonus and a late campaign fee',
    },
    admin,
  });
  const thisMonth = new Date(now.getTime() - 60 * 60 * 1000);
  for (const plan of plans) {
    await books.record(plan.person, 0, thisMonth, calendar.centsFor(plan, 0), plan.notes);
  }
  await books.record(sofia, 0, thisMonth, 60_000, 'First month: welcome shoot');
}

/**
 * A creator's 24 past months, oldest first, each published but the last; answers the entries'
 * ids by how many months back they are.
 */
async function seedHistory(
  books: Bookkeeper,
  calendar: Calendar,
  plan: Plan,
): Promise<Record<number, string>> {
  const ids: Record<number, string> = {};
  for (let back = 24; back >= 1; back--) {
    const enteredAt = calendar.dayOf(back - 1, 1, 3);
    const entry = await books.record(
      plan.person,
      back,
      enteredAt,
      calendar.centsFor(plan, back),
      plan.notes,
    );
    ids[back] = entry.id;
    if (back > 1) await books.publish(entry.id, back);
  }
  return ids;
}

import type { Db } from '../../db/database.ts';

/** Whether anything was ever published to the person: pay history that must be kept. */
export async function hasPublishedCompensation(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('compensations')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDraftCompensations(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('compensations')
    .where('userId', '=', userId)
    .where('status', '=', 'draft')
    .execute();
}

/** The person's published earnings in cents. */
export async function publishedCentsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('compensations')
    .select((eb) => eb.fn.sum<number>('amountCents').as('cents'))
    .where('userId', '=', userId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  // sum() of no rows is null; PostgreSQL hands sums back as text.
  return Number(row.cents ?? 0);
}

import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Database, MailOutboxTable } from '../db/schema.ts';

/** The mail outbox's queries (decision 0038); the deliverer is `outbox.ts`. */

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertOutboxMail(
  db: Db,
  row: Omit<OutboxRow, 'attempts' | 'sentAt' | 'failedAt' | 'lastError'>,
): Promise<void> {
  await db.insertInto('mailOutbox').values(row).execute();
}

/** Still to send, due by `now`, and held by no delivery under way. */
function isDue(now: string) {
  return (eb: ExpressionBuilder<Database, 'mailOutbox'>) =>
    eb.and([
      eb('sentAt', 'is', null),
      eb('failedAt', 'is', null),
      eb('nextAttemptAt', '<=', now),
      eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', now)]),
    ]);
}

/**
 * Claims the mail due longest, if any, until `until` under `token`. One statement: on SQLite the
 * write lock makes it atomic; on PostgreSQL the row is locked as it is chosen and rows another
 * delivery is claiming are skipped, and the condition is checked again on the row as it is
 * updated. Either way, of any number of processes claiming at once, one gets each mail.
 */
export function claimDueMail(
  db: Db,
  dialect: Dialect,
  claim: { now: string; until: string; token: string },
): Promise<OutboxRow | undefined> {
  const oldestDue = db
    .selectFrom('mailOutbox')
    .select('id')
    .where(isDue(claim.now))
    .orderBy('nextAttemptAt')
    .limit(1);
  return db
    .updateTable('mailOutbox')
    .set({ claimedUntil: claim.until, claimToken: claim.token })
    .where('id', '=', dialect === 'postgres' ? oldestDue.forUpdate().skipLocked() : oldestDue)
    .where(isDue(claim.now))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks a claimed mail sent. Its text and HTML are emptied: they may carry a single-use link,
 * which the database otherwise keeps only as a hash. False when the claim was no longer held.
 */
export async function markMailSent(
  db: Db,
  claim: { id: string; token: string },
  sentAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mailOutbox')
    .set((eb) => ({
      sentAt,
      attempts: eb('attempts', '+', 1),
      claimedUntil: null,
      claimToken: null,
      lastError: null,
      text: '',
      html: '',
    }))
    .where('id', '=', claim.id)
    .where('claimToken', '=', claim.token)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Records a failed attempt of a claimed mail and lets go of it: to be tried again at
 * `nextAttemptAt`, or (`failedAt`) given up. Answers the attempts made, or undefined when the
 * claim was no longer held.
 */
export async function recordMailFailure(
  db: Db,
  claim: { id: string; token: string },
  outcome: { error: string; nextAttemptAt: string } | { error: string; failedAt: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('mailOutbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      claimedUntil: null,
      claimToken: null,
      lastError: outcome.error,
      ...('failedAt' in outcome
        ? { failedAt: outcome.failedAt }
        : { nextAttemptAt: outcome.nextAttemptAt }),
    }))
    .where('id', '=', claim.id)
    .where('claimToken', '=', claim.token)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** The mails given up, for the administrators' dashboard: how many, and the latest. */
export async function givenUpMail(db: Db) {
  const [count, latest] = await Promise.all([
    db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('failedAt', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mailOutbox')
      .select(['recipient', 'subject', 'lastError', 'failedAt'])
      .where('failedAt', 'is not', null)
      .orderBy('failedAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { count: Number(count.count), latest };
}

import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The queries of `sign_in_failures`: one row per failed (or claimed) sign-in attempt. */

export interface SignInAttempt {
  accountKey: string;
  address: string;
}

/**
 * The three keys a failure counts under: its account from its address, its address across
 * accounts, and its account across addresses.
 */
export type LimitKey = 'accountAndAddress' | 'address' | 'account';

/** The rows that count under `key` for this attempt. */
function underKey(key: LimitKey, attempt: SignInAttempt) {
  return (eb: ExpressionBuilder<Database, 'signInFailures'>) => {
    if (key === 'account') return eb('accountKey', '=', attempt.accountKey);
    if (key === 'address') return eb('address', '=', attempt.address);
    return eb.and([eb('accountKey', '=', attempt.accountKey), eb('address', '=', attempt.address)]);
  };
}

export async function deleteFailuresBefore(db: Db, windowStart: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('failedAt', '<=', windowStart).execute();
}

export async function insertFailure(
  db: Db,
  row: SignInAttempt & { id: string; failedAt: string },
): Promise<void> {
  await db.insertInto('signInFailures').values(row).execute();
}

/**
 * For each key, the time of its limit-th newest failure in the window (null when there are
 * fewer). One statement: the keys are read together.
 */
export async function limitingFailureTimes<Key extends LimitKey>(
  db: Db,
  attempt: SignInAttempt,
  options: { limits: Record<Key, number>; windowStart: string },
): Promise<Record<Key, string | null>> {
  const keys = Object.keys(options.limits) as Key[];
  const limitingFailure = (key: Key) =>
    db
      .selectFrom('signInFailures')
      .select('failedAt')
      .where(underKey(key, attempt))
      .where('failedAt', '>', options.windowStart)
      .orderBy('failedAt', 'desc')
      .limit(1)
      .offset(options.limits[key] - 1);
  const row = await db
    .selectNoFrom(keys.map((key) => limitingFailure(key).as(key)))
    .executeTakeFirstOrThrow();
  return Object.fromEntries(
    keys.map((key) => [key, (row as Record<string, string | null>)[key] ?? null]),
  ) as Record<Key, string | null>;
}

export async function deleteFailure(db: Db, id: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('id', '=', id).execute();
}

/** The account's failures, from every address. */
export async function deleteFailuresOf(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('accountKey', '=', accountKey).execute();
}

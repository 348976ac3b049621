import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { secondsUntilFree } from '../../plugins/rate-limits.ts';

/**
 * Sign-in attempts that failed within 15 minutes, limited under three keys at once (decision
 * 0015): per account and address (5), per address across names (30), and per account across
 * all addresses (100). The first is the one a guesser meets, and it does not lock the owner out
 * from their own device; the second stops one address trying many names; the third caps what
 * many addresses together may try against one person. The account key is the user's id when the
 * name belongs to someone, otherwise the lowered name, so unknown names are limited exactly like
 * real ones and the limit reveals nothing.
 */
export const signInLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 5,
  perAddress: 30,
  perAccount: 100,
} as const;

export interface SignInAttempt {
  accountKey: string;
  address: string;
}

type LimitKey = 'accountAndAddress' | 'address' | 'account';

const limitOf: Record<LimitKey, number> = {
  accountAndAddress: signInLimits.perAccountAndAddress,
  address: signInLimits.perAddress,
  account: signInLimits.perAccount,
};
const limitKeys = Object.keys(limitOf) as LimitKey[];

/** The rows of `sign_in_failures` that count under `key` for this attempt. */
function underKey(key: LimitKey, attempt: SignInAttempt) {
  return (eb: ExpressionBuilder<Database, 'signInFailures'>) => {
    if (key === 'account') return eb('accountKey', '=', attempt.accountKey);
    if (key === 'address') return eb('address', '=', attempt.address);
    return eb.and([eb('accountKey', '=', attempt.accountKey), eb('address', '=', attempt.address)]);
  };
}

const windowStart = (now: Date) => new Date(now.getTime() - signInLimits.windowMs).toISOString();

/**
 * The time of the limit-th newest failure under `key` in the window, leaving out `exceptId`:
 * while it is there, one more attempt does not fit under the key's limit.
 */
function limitingFailure(
  db: Db,
  key: LimitKey,
  attempt: SignInAttempt,
  now: Date,
  exceptId?: string,
) {
  let query = db
    .selectFrom('signInFailures')
    .select('failedAt')
    .where(underKey(key, attempt))
    .where('failedAt', '>', windowStart(now));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query
    .orderBy('failedAt', 'desc')
    .limit(1)
    .offset(limitOf[key] - 1);
}

/** Seconds until that failure leaves the window (Retry-After); 0 when there is none. */
function secondsUntilGone(failedAt: string | null | undefined, now: Date): number {
  return failedAt ? secondsUntilFree(failedAt, signInLimits.windowMs, now) : 0;
}

/**
 * Claims a sign-in attempt before its password is checked: 0 when it may go ahead, otherwise the
 * seconds to wait (Retry-After). The insert is the claim, and the count after it includes every
 * claim already made: an attempt goes ahead only when, beside its own, fewer than the limit are
 * there under each key. So among the attempts let through under a key, the one that inserted
 * last saw all the others, and no burst of parallel requests, on SQLite or PostgreSQL, gets more
 * passwords checked than the limit. The claimed row stays as the failure when the password is
 * wrong; `clearSignInFailuresFrom` removes it when it is right. A refused attempt takes its row
 * back, so it counts under no key.
 */
export async function claimSignInAttempt(
  db: Db,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<number> {
  // Old rows count for nothing; dropping them here keeps the table at one window's worth.
  await db.deleteFrom('signInFailures').where('failedAt', '<=', windowStart(now)).execute();
  const id = randomUUID();
  await db
    .insertInto('signInFailures')
    .values({ id, ...attempt, failedAt: now.toISOString() })
    .execute();
  // One statement: the three keys are read together, and the wait comes from the very rows that
  // refused the attempt, even if parallel claims among them are taken back a moment later.
  const limiting = await db
    .selectNoFrom(limitKeys.map((key) => limitingFailure(db, key, attempt, now, id).as(key)))
    .executeTakeFirstOrThrow();
  const wait = Math.max(...limitKeys.map((key) => secondsUntilGone(limiting[key], now)));
  if (wait > 0) await db.deleteFrom('signInFailures').where('id', '=', id).execute();
  return wait;
}

/** After the right password: this address's failures for the account, the claim among them, go. */
export async function clearSignInFailuresFrom(db: Db, attempt: SignInAttempt): Promise<void> {
  await db
    .deleteFrom('signInFailures')
    .where('accountKey', '=', attempt.accountKey)
    .where('address', '=', attempt.address)
    .execute();
}

/** A new password starts the account's count afresh, from every address. */
export async function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('accountKey', '=', accountKey).execute();
}

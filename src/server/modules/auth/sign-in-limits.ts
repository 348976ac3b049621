import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { minutesToWait } from '../../plugins/rate-limits.ts';

/**
 * Failed sign-ins are limited per account (5) and per address (30) within 15 minutes. The
 * account key is the user's id when the name belongs to someone, otherwise the lowered name, so
 * unknown names are limited exactly like real ones and the limit reveals nothing.
 */
export const signInLimits = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 30 } as const;

export interface SignInAttempt {
  accountKey: string;
  address: string;
}

/** Seconds until the oldest failure that keeps the limit reached leaves the window. */
async function secondsBlocked(
  db: Db,
  column: 'accountKey' | 'address',
  value: string,
  limit: number,
  now: Date,
): Promise<number> {
  const limiting = await db
    .selectFrom('signInFailures')
    .select('failedAt')
    .where(column, '=', value)
    .where('failedAt', '>', new Date(now.getTime() - signInLimits.windowMs).toISOString())
    .orderBy('failedAt', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  if (!limiting) return 0;
  const freeAt = new Date(limiting.failedAt).getTime() + signInLimits.windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** 0 when another attempt may be made; otherwise how many seconds to wait (Retry-After). */
export async function signInRetryAfter(
  db: Db,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<number> {
  const [account, address] = await Promise.all([
    secondsBlocked(db, 'accountKey', attempt.accountKey, signInLimits.perAccount, now),
    secondsBlocked(db, 'address', attempt.address, signInLimits.perAddress, now),
  ]);
  return Math.max(account, address);
}

export async function recordSignInFailure(
  db: Db,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  // Old rows count for nothing; dropping them here keeps the table at one window's worth.
  await db
    .deleteFrom('signInFailures')
    .where('failedAt', '<=', new Date(now.getTime() - signInLimits.windowMs).toISOString())
    .execute();
  await db
    .insertInto('signInFailures')
    .values({ id: randomUUID(), ...attempt, failedAt: now.toISOString() })
    .execute();
}

/** A successful sign-in or a new password starts the account's count afresh. */
export async function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('accountKey', '=', accountKey).execute();
}

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${minutesToWait(seconds)} and try again, or reset your password.`;
}

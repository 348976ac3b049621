import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { secondsUntilFree } from '../../rate-limits/admission.ts';
import {
  deleteFailure,
  deleteFailuresBefore,
  deleteFailuresOf,
  insertFailure,
  limitingFailureTimes,
  type LimitKey,
  type SignInAttempt,
} from './sign-in-failure-repository.ts';

export type { SignInAttempt } from './sign-in-failure-repository.ts';

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

const limitOf: Record<LimitKey, number> = {
  accountAndAddress: signInLimits.perAccountAndAddress,
  address: signInLimits.perAddress,
  account: signInLimits.perAccount,
};

/**
 * Claims a sign-in attempt at `now` (the application's clock) before its password is checked: 0
 * when it may go ahead, otherwise the seconds to wait (Retry-After). The insert is the claim,
 * and the count after it includes every claim already made: an attempt goes ahead only when,
 * beside its own, fewer than the limit are there under each key. So among the attempts let
 * through under a key, the one that inserted last saw all the others, and no burst of parallel
 * requests, on SQLite or PostgreSQL, gets more passwords checked than the limit. The claimed row
 * stays as the failure when the password is wrong; `clearSignInFailuresFrom` removes it when it
 * is right. A refused attempt takes its row back, so it counts under no key.
 */
export async function claimSignInAttempt(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - signInLimits.windowMs).toISOString();
  // Old rows count for nothing; dropping them here keeps the table at one window's worth.
  await deleteFailuresBefore(db, windowStart);
  const id = randomUUID();
  await insertFailure(db, { id, ...attempt, failedAt: now.toISOString() });
  // The wait comes from the very rows that refused the attempt, even if parallel claims among
  // them are taken back a moment later.
  const limiting = await limitingFailureTimes(db, attempt, {
    limits: limitOf,
    windowStart,
    exceptId: id,
  });
  const wait = Math.max(
    ...Object.values(limiting).map((failedAt) =>
      // Seconds until that failure leaves the window; 0 when there is none.
      failedAt ? secondsUntilFree(failedAt, signInLimits.windowMs, now) : 0,
    ),
  );
  if (wait > 0) await deleteFailure(db, id);
  return wait;
}

/** After the right password: this address's failures for the account, the claim among them, go. */
export function clearSignInFailuresFrom(db: Db, attempt: SignInAttempt): Promise<void> {
  return deleteFailuresOf(db, attempt.accountKey, attempt.address);
}

/** A new password starts the account's count afresh, from every address. */
export function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  return deleteFailuresOf(db, accountKey);
}

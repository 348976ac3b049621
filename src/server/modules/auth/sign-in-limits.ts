import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { lockKeys, oneAtATime } from '../../db/locks.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { tooManyAttempts } from '../../errors.ts';
import { secondsUntilFree, windowStartOf } from '../../rate-limits/admission.ts';
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

/** The locks an attempt's decision holds: its account's and its address's (decision 0037). */
const lockKeysOf = (attempt: SignInAttempt) => [
  `sign-in:account:${attempt.accountKey}`,
  `sign-in:address:${attempt.address}`,
];

/**
 * Decides an attempt in one transaction holding the locks of its account and address: count the
 * failures and claims in the window under each key, insert a claim when there is room under all
 * three, commit. Attempts sharing a key are decided one after another, each seeing every claim
 * before it, so a burst gets no more passwords checked than the limits, on SQLite or PostgreSQL.
 * Answers the claim's id, or the seconds until the limiting row leaves the window.
 */
async function claimAttempt(
  deps: Deps,
  attempt: SignInAttempt,
): Promise<{ claimId?: string; retryAfter: number }> {
  return withTransaction(deps, async ({ db, dialect, clock }) => {
    await lockKeys(db, dialect, lockKeysOf(attempt));
    const now = clock();
    const limiting = await limitingFailureTimes(db, attempt, {
      limits: limitOf,
      windowStart: windowStartOf(signInLimits.windowMs, now),
    });
    const retryAfter = Math.max(
      ...Object.values(limiting).map((failedAt) =>
        // Seconds until that failure leaves the window; 0 when there is none.
        failedAt ? secondsUntilFree(failedAt, signInLimits.windowMs, now) : 0,
      ),
    );
    if (retryAfter > 0) return { retryAfter };
    const id = randomUUID();
    await insertFailure(db, { id, ...attempt, failedAt: now.toISOString() });
    return { claimId: id, retryAfter: 0 };
  });
}

/**
 * Checks a password (`check`) under the sign-in limits: the attempt is claimed before the check
 * (see `claimAttempt`), and over a limit it is refused with 429 and `Retry-After`. The claim
 * stays as the failure when the password is wrong; when it is right, this claim alone is taken
 * back, so the failures before it still count and the right password in a burst opens no room
 * for the guesses around it (decision 0037). Answers whether the password was right.
 *
 * Within this process, attempts sharing an account or an address go one at a time, claim and
 * check, so none is refused for another's claim whose password is still being checked: a burst
 * of right passwords all get in, one after another, and only failures refuse. (A claim of another
 * process still counts while its check runs, as it may turn out a failure.)
 */
export function checkUnderSignInLimits(
  deps: Deps,
  attempt: SignInAttempt,
  check: () => Promise<boolean>,
): Promise<boolean> {
  return oneAtATime(deps.db, lockKeysOf(attempt), async () => {
    // Old rows count for nothing; dropping them keeps the table at one window's worth. Outside
    // the database's locks: they are every key's, and no decision reads them.
    await deleteFailuresBefore(deps.db, windowStartOf(signInLimits.windowMs, deps.clock()));
    const { claimId, retryAfter } = await claimAttempt(deps, attempt);
    if (claimId === undefined) throw tooManyAttempts('auth.too_many_attempts', retryAfter);
    const passed = await check();
    if (passed) await deleteFailure(deps.db, claimId);
    return passed;
  });
}

/** A new password starts the account's count afresh, from every address. */
export function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  return deleteFailuresOf(db, accountKey);
}

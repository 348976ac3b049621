import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SignInChallengesTable } from '../../db/schema.ts';

/**
 * The queries of two-step sign-in (decision 0052): `two_factor_secrets`,
 * `two_factor_recovery_codes` and `sign_in_challenges`. Each single use is one conditional
 * update, so two requests cannot both win it.
 */

export async function findTwoFactorSecret(db: Db, userId: string) {
  return db
    .selectFrom('twoFactorSecrets')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Writes a new, not yet enabled secret unless the person has one already (set up or on). */
export async function insertTwoFactorSecretIfNone(
  db: Db,
  row: { userId: string; secret: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('twoFactorSecrets')
    .values({ ...row, enabledAt: null, lastUsedStep: null })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
}

/**
 * Takes a code of time-step `step` once: the step must be later than the last one taken, and a
 * set-up secret is put in force by its first code (`enableAt`). Answers whether it was taken.
 */
export async function takeTimeStep(
  db: Db,
  userId: string,
  step: number,
  options: { enableAt?: string } = {},
): Promise<boolean> {
  let query = db
    .updateTable('twoFactorSecrets')
    .set({ lastUsedStep: step, ...(options.enableAt ? { enabledAt: options.enableAt } : {}) })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]));
  query = options.enableAt
    ? query.where('enabledAt', 'is', null)
    : query.where('enabledAt', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the person's second factor entirely: the secret, its recovery codes, its challenges. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
  await db.deleteFrom('signInChallenges').where('userId', '=', userId).execute();
  const result = await db
    .deleteFrom('twoFactorSecrets')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertRecoveryCodes(
  db: Db,
  rows: { id: string; userId: string; codeHash: string }[],
): Promise<void> {
  await db
    .insertInto('twoFactorRecoveryCodes')
    .values(rows.map((row) => ({ ...row, usedAt: null })))
    .execute();
}

/** Uses a recovery code once; answers whether it was the person's and still unused. */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('twoFactorRecoveryCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSignInChallenge(
  db: Db,
  row: Insertable<SignInChallengesTable>,
): Promise<void> {
  await db.insertInto('signInChallenges').values(row).execute();
}

/** The person's challenges that can no longer be used: they only take room. */
export async function deleteSpentChallenges(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('signInChallenges')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now)]))
    .execute();
}

export async function deleteChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('signInChallenges').where('tokenHash', '=', tokenHash).execute();
}

/** A challenge that can still be finished: known, unused, unexpired. */
export async function findLiveChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('signInChallenges')
    .select(['id', 'userId', 'remember'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** Uses a challenge once; answers whether this call was the one that used it. */
export async function claimChallenge(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('signInChallenges')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PasswordResetTokensTable } from '../../db/schema.ts';

/** The queries of `password_reset_tokens`: single-use links to choose a password. */
export async function insertPasswordLink(
  db: Db,
  row: Insertable<PasswordResetTokensTable>,
): Promise<void> {
  await db.insertInto('passwordResetTokens').values(row).execute();
}

/** Every open link of the person stops working (their password just changed). */
export async function voidPasswordLinks(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Uses a link once: one conditional update, so two uses of the same link cannot both win.
 * Answers whose it was, or undefined when it is unknown, used or expired.
 */
export async function claimPasswordLink(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const claimed = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return claimed?.userId;
}

/** Whether a link can still be used (known, unused, unexpired), leaving it as it is. */
export async function isPasswordLinkUsable(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select('id')
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  invitationLinkParam,
  passwordResetValidityMs,
  resetPasswordPath,
} from '../../../domain/auth.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findUserByLogin } from '../users/repository.ts';
import { hashPassword } from './password.ts';
import { passwordResetMail } from './reset-mail.ts';
import { deleteOtherSessions } from './sessions.ts';
import { clearSignInFailures } from './sign-in-limits.ts';

/**
 * The one way a password changes (own change, an administrator's change, a reset link): the new
 * hash, every other session of the person ended, outstanding reset links voided, and the
 * failed sign-in count cleared. `keepToken` is the session making the change, when it is theirs.
 */
export async function setPassword(
  db: Db,
  userId: string,
  newPassword: string,
  options: { keepToken?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: now })
      .where('id', '=', userId)
      .execute();
    await deleteOtherSessions(trx, userId, options.keepToken);
    await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: now })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
    await clearSignInFailures(trx, userId);
  });
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** More unused links than this within the hour and no further mail goes out (mail bombing). */
const maxOpenResetLinks = 3;

/**
 * Mails a single-use reset link when the name or email belongs to someone; otherwise does
 * nothing. The caller answers the same either way, and the mail leaves in the background so
 * the answer's timing does not tell either.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  options: { login: string; appUrl: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const user = await findUserByLogin(db, options.login);
  if (!user) return;
  const open = await db
    .selectFrom('passwordResetTokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', user.id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  if (Number(open.count) >= maxOpenResetLinks) return;

  const link = await createPasswordLink(db, {
    userId: user.id,
    appUrl: options.appUrl,
    validityMs: passwordResetValidityMs,
    now,
    purpose: 'reset',
  });
  mailer.sendInBackground(
    passwordResetMail({
      to: user.email,
      username: user.username,
      language: user.preferredLanguage,
      link,
    }),
  );
}

/**
 * A single-use link to the page where a person chooses a password: reset links, and the
 * invitation of an approved applicant (marked, so the page welcomes them rather than speaking of
 * a reset). Pass a transaction as `db` to make it part of a change.
 */
export async function createPasswordLink(
  db: Db,
  options: {
    userId: string;
    appUrl: string;
    validityMs: number;
    now: Date;
    purpose: 'reset' | 'invitation';
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('passwordResetTokens')
    .values({
      id: randomUUID(),
      userId: options.userId,
      tokenHash: tokenHash(token),
      expiresAt: new Date(options.now.getTime() + options.validityMs).toISOString(),
      usedAt: null,
      createdAt: options.now.toISOString(),
    })
    .execute();
  const link = new URL(resetPasswordPath, `${options.appUrl}/`);
  link.searchParams.set('token', token);
  if (options.purpose === 'invitation') link.searchParams.set(invitationLinkParam, '1');
  return link.toString();
}

/**
 * Sets a new password from a reset link. False when the link is unknown, used or expired.
 * Claiming the token is one conditional update, so two uses of the same link cannot both win.
 */
export async function resetPassword(
  db: Db,
  options: { token: string; newPassword: string; now?: Date },
): Promise<boolean> {
  const now = (options.now ?? new Date()).toISOString();
  const claimed = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash(options.token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  if (!claimed) return false;
  await setPassword(db, claimed.userId, options.newPassword);
  return true;
}

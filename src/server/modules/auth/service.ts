import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  invitationLinkParam,
  passwordResetValidityMs,
  resetPasswordPath,
} from '../../../domain/auth.ts';
import type { Language } from '../../../domain/languages.ts';
import { languageParam } from '../../../domain/routes.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { admitRequest, minutesToWait, type RateLimit } from '../../plugins/rate-limits.ts';
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

const hourMs = 60 * 60 * 1000;

/** Forgotten-password requests from one address: beyond these, 429 (decision 0014). */
export const resetRequestLimit = {
  action: 'password-reset',
  limit: 5,
  windowMs: hourMs,
} as const satisfies RateLimit;

/**
 * Reset mails to one account: beyond these, requests are answered as usual but send nothing, so
 * nobody can fill a person's inbox and the answer still does not tell whether the account exists.
 */
export const resetMailLimit = {
  action: 'password-reset-mail',
  limit: 3,
  windowMs: hourMs,
} as const satisfies RateLimit;

export function tooManyResetRequestsMessage(seconds: number): string {
  return `Too many password reset requests from your network. Please wait ${minutesToWait(seconds)} and try again.`;
}

/**
 * Mails a single-use reset link when the name or email belongs to someone and the account's
 * mail limit allows; otherwise does nothing. The caller answers the same either way, and the mail
 * leaves in the background so the answer's timing does not tell either.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  options: { login: string; appUrl: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const user = await findUserByLogin(db, options.login);
  if (!user) return;
  if ((await admitRequest(db, resetMailLimit, user.id, now)).retryAfter > 0) return;

  const link = await createPasswordLink(db, {
    userId: user.id,
    appUrl: options.appUrl,
    validityMs: passwordResetValidityMs,
    now,
    purpose: 'reset',
    language: user.preferredLanguage,
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
    /** The page opens in the language of the mail that carried the link. */
    language: Language;
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
  link.searchParams.set(languageParam, options.language);
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

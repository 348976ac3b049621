import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  invitationLinkParam,
  passwordResetValidityMs,
  resetPasswordPath,
} from '../../../domain/auth.ts';
import type { Language } from '../../../domain/languages.ts';
import { languageParam } from '../../../domain/routes.ts';
import type { Deps } from '../../deps.ts';
import { admitRequest, type RateLimit } from '../../plugins/rate-limits.ts';
import { findUserByLogin, updateUser } from '../users/repository.ts';
import { hashPassword } from './password.ts';
import { claimPasswordLink, insertPasswordLink, voidPasswordLinks } from './password-links.ts';
import { passwordResetMail } from './reset-mail.ts';
import { deleteOtherSessions } from './sessions.ts';
import { clearSignInFailures } from './sign-in-limits.ts';

/**
 * The one way a password changes (own change, an administrator's change, a reset link): the new
 * hash, every other session of the person ended, outstanding reset links voided, and the
 * failed sign-in count cleared. `keepToken` is the session making the change, when it is theirs.
 */
export async function setPassword(
  deps: Deps,
  { userId, newPassword, keepToken }: { userId: string; newPassword: string; keepToken?: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { passwordHash, updatedAt: now });
    await deleteOtherSessions(trx, userId, keepToken);
    await voidPasswordLinks(trx, userId, now);
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

/**
 * Mails a single-use reset link when the name or email belongs to someone and the account's
 * mail limit allows; otherwise does nothing. The caller answers the same either way, and the mail
 * leaves in the background so the answer's timing does not tell either.
 */
export async function requestPasswordReset(
  deps: Deps,
  { login }: { login: string },
): Promise<void> {
  const now = deps.clock();
  const user = await findUserByLogin(deps.db, login);
  if (!user) return;
  if ((await admitRequest(deps.db, resetMailLimit, user.id, now)).retryAfter > 0) return;

  const link = await createPasswordLink(deps, {
    userId: user.id,
    validityMs: passwordResetValidityMs,
    purpose: 'reset',
    language: user.preferredLanguage,
  });
  deps.mailer.sendInBackground(
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
 * a reset). Pass a transaction as `deps.db` to make it part of a change.
 */
export async function createPasswordLink(
  deps: Deps,
  options: {
    userId: string;
    validityMs: number;
    purpose: 'reset' | 'invitation';
    /** The page opens in the language of the mail that carried the link. */
    language: Language;
  },
): Promise<string> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  await insertPasswordLink(deps.db, {
    id: randomUUID(),
    userId: options.userId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + options.validityMs).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  });
  const link = new URL(resetPasswordPath, `${deps.config.appUrl}/`);
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
  deps: Deps,
  options: { token: string; newPassword: string },
): Promise<boolean> {
  const userId = await claimPasswordLink(
    deps.db,
    tokenHash(options.token),
    deps.clock().toISOString(),
  );
  if (!userId) return false;
  await setPassword(deps, { userId, newPassword: options.newPassword });
  return true;
}

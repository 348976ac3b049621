import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  invitationLinkParam,
  passwordResetValidityMs,
  resetPasswordPath,
  type CurrentUser,
  type SignedInResponse,
} from '../../../domain/auth.ts';
import type { Language } from '../../../domain/languages.ts';
import { languageParam } from '../../../domain/routes.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit, type AuditRecord } from '../audit/repository.ts';
import { DomainError, tooManyAttempts } from '../../errors.ts';
import { admitRequest, type RateLimit } from '../../rate-limits/admission.ts';
import { greetingName } from '../../../domain/users.ts';
import {
  findUserById,
  findUserByLogin,
  recordSignIn,
  toUser,
  updateUser,
} from '../users/repository.ts';
import { passwordResetMail } from './mails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  claimPasswordLink,
  insertPasswordLink,
  isPasswordLinkUsable,
  voidPasswordLinks,
} from './password-link-repository.ts';
import { createSession, deleteOtherSessions, deleteSession, resolveSession } from './sessions.ts';
import { checkUnderSignInLimits, clearSignInFailures } from './sign-in-limits.ts';
import {
  createSignInChallenge,
  hasTwoFactor,
  passChallenge,
  twoFactorStateOf,
} from './two-factor.ts';

/**
 * An unknown name is checked against this hash, so it costs the same time as a wrong password
 * and the answer's timing does not tell whether the account exists. Made once, on first use.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () =>
  (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Signs a person in by username or email: the attempt is claimed against the sign-in limits
 * before the password is checked, so parallel guesses cannot all slip through. Without a second
 * factor, a fresh session every time; the one the browser held before (`previousToken`) ends.
 * With one, no session yet: a challenge whose token goes in the browser's cookie, finished by
 * `finishSignIn` with a code (decision 0052).
 */
export async function signIn(
  deps: Deps,
  input: {
    username: string;
    password: string;
    remember: boolean;
    address: string;
    previousToken?: string;
    userAgent?: string;
  },
): Promise<SignedIn | { challengeToken: string }> {
  const row = await findUserByLogin(deps.db, input.username);
  const attempt = {
    accountKey: row ? row.id : `login:${input.username.toLowerCase()}`,
    address: input.address,
  };
  const valid = await checkUnderSignInLimits(deps, attempt, async () => {
    const matches = await verifyPassword(
      row?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    return row !== undefined && matches;
  });
  if (!row || !valid) {
    // The attempt's claim, committed before the password was checked, stays as the failure; its
    // entry in the audit log follows it (decision 0057).
    await recordAudit(deps, {
      actor: { id: row?.id ?? null, username: row?.username ?? input.username },
      kind: 'auth.sign_in_failed',
      params: { login: input.username },
      address: input.address,
    });
    throw new DomainError('unauthenticated', 'auth.invalid_credentials');
  }
  if (await hasTwoFactor(deps, row.id)) {
    return {
      challengeToken: await createSignInChallenge(deps, {
        userId: row.id,
        remember: input.remember,
      }),
    };
  }
  return startSession(deps, row, input);
}

/** A new session's cookie token, and what the API answers for it. */
export interface SignedIn {
  token: string;
  answer: SignedInResponse;
}

/**
 * The code step of a sign-in (decision 0052): the browser's challenge and a code of the person's
 * second factor; then a session, as a sign-in without a factor gets.
 */
export async function finishSignIn(
  deps: Deps,
  input: {
    challengeToken: string | undefined;
    code: string;
    address: string;
    previousToken?: string;
    userAgent?: string;
  },
): Promise<SignedIn & { remember: boolean }> {
  const { userId, remember } = await passChallenge(deps, input);
  const row = await findUserById(deps.db, userId);
  if (!row) throw new DomainError('unauthenticated', 'auth.two_factor_challenge_invalid');
  return {
    ...(await startSession(deps, row, {
      remember,
      previousToken: input.previousToken,
      userAgent: input.userAgent,
      address: input.address,
    })),
    remember,
  };
}

async function startSession(
  deps: Deps,
  row: NonNullable<Awaited<ReturnType<typeof findUserById>>>,
  options: { remember: boolean; previousToken?: string; userAgent?: string; address?: string },
): Promise<SignedIn> {
  const now = deps.clock();
  const { token } = await withTransaction(deps, async (deps) => {
    if (options.previousToken) await deleteSession(deps, options.previousToken);
    const session = await createSession(deps.db, row.id, {
      remember: options.remember,
      now,
      userAgent: options.userAgent,
    });
    await recordSignIn(deps.db, row.id, now.toISOString());
    await recordAudit(deps, {
      actor: row,
      kind: 'auth.signed_in',
      subject: { type: 'user', id: row.id },
      address: options.address,
    });
    return session;
  });
  const user = toUser(row);
  // Read before this sign-in was recorded: the last one is now the previous one.
  return {
    token,
    answer: {
      username: user.username,
      isAdmin: user.isAdmin,
      user: {
        ...user,
        twoFactor: twoFactorStateOf(deps.config, user, await hasTwoFactor(deps, row.id)),
      },
      previousSignInAt: row.lastSignInAt,
    },
  };
}

/** The person signed in by a session cookie's token, or null when its session is over. */
export async function sessionUser(deps: Deps, token: string): Promise<CurrentUser | null> {
  const row = await resolveSession(deps.db, token, deps.clock());
  if (!row) return null;
  const user = toUser(row);
  return {
    ...user,
    twoFactor: twoFactorStateOf(deps.config, user, row.twoFactorEnabledAt !== null),
  };
}

/** Ends the session of a cookie's token (a sign-out). */
export function signOut(deps: Deps, token: string): Promise<void> {
  return deleteSession(deps, token);
}

/**
 * The one way a password changes (own change, an administrator's change, a reset link): the new
 * hash, every other session of the person ended, outstanding reset links voided, and the
 * failed sign-in count cleared. `keepToken` is the session making the change, when it is theirs;
 * `audit` is the change's entry in the audit log, written in the same transaction.
 */
export async function setPassword(
  deps: Deps,
  {
    userId,
    newPassword,
    keepToken,
    audit,
  }: { userId: string; newPassword: string; keepToken?: string; audit?: AuditRecord },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock().toISOString();
  await withTransaction(deps, async (deps) => {
    const { db } = deps;
    await updateUser(db, userId, { passwordHash, updatedAt: now });
    await deleteOtherSessions(deps, userId, keepToken);
    await voidPasswordLinks(db, userId, now);
    await clearSignInFailures(db, userId);
    if (audit) await recordAudit(deps, audit);
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
 * A forgotten password: counted against the limit of requests from `address` (over it, a
 * refusal), then a single-use reset link is mailed when the name or email belongs to someone and
 * the account's mail limit allows; otherwise nothing is sent. The link and its mail are written
 * together (decision 0038). The caller answers the same either way, and the mail is delivered in
 * the background so the answer's timing does not tell either.
 */
export async function requestPasswordReset(
  deps: Deps,
  { login, address }: { login: string; address: string },
): Promise<void> {
  const { retryAfter } = await admitRequest(deps, resetRequestLimit, address);
  if (retryAfter > 0) throw tooManyAttempts('auth.too_many_reset_requests', retryAfter);
  const user = await findUserByLogin(deps.db, login);
  if (!user) return;
  if ((await admitRequest(deps, resetMailLimit, user.id)).retryAfter > 0) return;

  await withTransaction(deps, async (deps) => {
    const link = await createPasswordLink(deps, {
      userId: user.id,
      validityMs: passwordResetValidityMs,
      purpose: 'reset',
      language: user.preferredLanguage,
    });
    await deps.outbox.queue(
      deps,
      passwordResetMail({
        to: user.email,
        name: greetingName(user),
        language: user.preferredLanguage,
        link,
      }),
    );
  });
}

/**
 * A single-use link to the page where a person chooses a password: reset links, and the
 * invitation of an approved applicant (marked, so the page welcomes them rather than speaking of
 * a reset). Inside `withTransaction` it is part of the change.
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
 * Sets a new password from a reset link; refused when the link is unknown, used or expired.
 * Claiming the token is one conditional update, so two uses of the same link cannot both win.
 */
export async function resetPassword(
  deps: Deps,
  options: { token: string; newPassword: string },
): Promise<void> {
  const userId = await claimPasswordLink(
    deps.db,
    tokenHash(options.token),
    deps.clock().toISOString(),
  );
  if (!userId) throw new DomainError('invalid', 'auth.reset_link_unusable');
  const person = await findUserById(deps.db, userId);
  await setPassword(deps, {
    userId,
    newPassword: options.newPassword,
    audit: {
      actor: { id: userId, username: person?.username ?? null },
      kind: 'user.password_reset',
      subject: { type: 'user', id: userId },
    },
  });
}

/**
 * Checks of reset links and invitations from one address: beyond these, 429. A person opens
 * their link a few times; a stream of checks is someone trying tokens (decision 0045).
 */
export const passwordLinkCheckLimit = {
  action: 'password-link-check',
  limit: 30,
  windowMs: hourMs,
} as const satisfies RateLimit;

/**
 * Whether a reset link or an invitation can still be used, without using it: counted against the
 * checks from `address` first, like every anonymous request the server limits.
 */
export async function checkPasswordLink(
  deps: Deps,
  { token, address }: { token: string; address: string },
): Promise<boolean> {
  const { retryAfter } = await admitRequest(deps, passwordLinkCheckLimit, address);
  if (retryAfter > 0) throw tooManyAttempts('auth.too_many_link_checks', retryAfter);
  return isPasswordLinkUsable(deps.db, tokenHash(token), deps.clock().toISOString());
}

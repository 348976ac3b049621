import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  recoveryCodeCount,
  twoFactorChallengeValidityMs,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  type TwoFactorState,
} from '../../../domain/auth.ts';
import { greetingName, type User } from '../../../domain/users.ts';
import type { Config } from '../../config.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit } from '../audit/repository.ts';
import { DomainError, fieldError } from '../../errors.ts';
import { findUserById } from '../users/repository.ts';
import { twoFactorResetMail } from './mails.ts';
import { verifyPassword } from './password.ts';
import { checkUnderSignInLimits } from './sign-in-limits.ts';
import {
  claimChallenge,
  deleteSpentChallenges,
  deleteTwoFactor,
  findLiveChallenge,
  findTwoFactorSecret,
  insertRecoveryCodes,
  insertSignInChallenge,
  insertTwoFactorSecretIfNone,
  takeTimeStep,
  useRecoveryCode,
} from './two-factor-repository.ts';

/**
 * Two-step sign-in (decision 0052): an authenticator app's codes (TOTP, RFC 6238: SHA-1, six
 * digits, 30 seconds, the authenticators' common ground) and single-use recovery codes.
 */
const period = 30;
const digits = 6;

/** What the person's screens and every signed-in request need to know of their second factor. */
export function twoFactorStateOf(
  config: Config,
  user: { isAdmin: boolean },
  enabled: boolean,
): TwoFactorState {
  return { enabled, setupRequired: config.requireAdminTwoFactor && user.isAdmin && !enabled };
}

/** Whether an authenticator guards the person's sign-in. */
export async function hasTwoFactor(deps: Deps, userId: string): Promise<boolean> {
  const row = await findTwoFactorSecret(deps.db, userId);
  return Boolean(row?.enabledAt);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A code as typed: apps show the digits in groups, recovery codes come with a dash. */
const compactCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isAuthenticatorCode = (compact: string) => new RegExp(`^\\d{${digits}}$`).test(compact);

/**
 * The time-step whose code `compact` is, looking one step either side of now (a phone's clock a
 * little off, a code typed as it changed); undefined when it is none of them.
 */
function matchingStep(secret: string, compact: string, now: Date): number | undefined {
  if (!isAuthenticatorCode(compact)) return undefined;
  const delta = TOTP.validate({
    token: compact,
    secret: Secret.fromBase32(secret),
    digits,
    period,
    timestamp: now.getTime(),
    window: 1,
  });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / period) + delta;
}

/** Letters and digits nobody mistakes for one another (no 0/o, 1/l/i). */
const recoveryAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';

/** A recovery code as shown: `xxxxx-xxxxx`, about 50 random bits. */
function newRecoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => recoveryAlphabet[randomInt(recoveryAlphabet.length)],
  );
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/**
 * Takes a code of the person's factor in force, once: an authenticator code whose time-step is
 * later than the last one taken, or an unused recovery code. Each take is one conditional
 * update, so a code sent twice at once is taken by one of them only.
 */
export async function takeSecondFactorCode(
  deps: Deps,
  userId: string,
  code: string,
): Promise<boolean> {
  const row = await findTwoFactorSecret(deps.db, userId);
  if (!row?.enabledAt) return false;
  const compact = compactCode(code);
  const now = deps.clock();
  if (isAuthenticatorCode(compact)) {
    const step = matchingStep(deps.secrets.open(row.secret, userId), compact, now);
    return step !== undefined && takeTimeStep(deps.db, userId, step);
  }
  return useRecoveryCode(deps.db, userId, sha256(compact), now.toISOString());
}

/**
 * The person's own password, asked again before their factor changes: checked under the sign-in
 * limits, as guessing it from a borrowed session is guessing at sign-in.
 */
async function confirmPassword(
  deps: Deps,
  options: { userId: string; password: string; address: string },
): Promise<void> {
  const attempt = { accountKey: options.userId, address: options.address };
  const right = await checkUnderSignInLimits(deps, attempt, async () => {
    const row = await findUserById(deps.db, options.userId);
    return row !== undefined && (await verifyPassword(row.passwordHash, options.password));
  });
  if (!right) throw fieldError('invalid', 'password', 'user.current_password_wrong');
}

/**
 * A new authenticator secret, not in force until `enableTwoFactor` confirms it by a code. Asked
 * again before then, it answers the same secret (a repeat, decision 0041); once on, 409.
 */
export async function setUpTwoFactor(
  deps: Deps,
  options: { user: User; password: string; address: string },
): Promise<TwoFactorSetupResponse> {
  const { user } = options;
  await confirmPassword(deps, {
    userId: user.id,
    password: options.password,
    address: options.address,
  });
  if (!(await findTwoFactorSecret(deps.db, user.id))) {
    await insertTwoFactorSecretIfNone(deps.db, {
      userId: user.id,
      secret: deps.secrets.seal(new Secret({ size: 20 }).base32, user.id),
      createdAt: deps.clock().toISOString(),
    });
  }
  // Read back: of two set-ups at once, the first one written is the one both answer.
  const row = await findTwoFactorSecret(deps.db, user.id);
  if (!row) throw new Error('The second factor just written is not there');
  if (row.enabledAt) throw new DomainError('conflict', 'auth.two_factor_already_on');
  const secret = deps.secrets.open(row.secret, user.id);
  const totp = new TOTP({
    issuer: deps.config.site.agencyName,
    label: user.username,
    secret: Secret.fromBase32(secret),
    digits,
    period,
  });
  return { secret, otpauthUrl: totp.toString() };
}

/**
 * Puts the secret set up in force with a current code from the app, and answers the recovery
 * codes, which are kept only as hashes. The same code again once it is on is a repeat: it answers
 * success without the codes (decision 0041); another code, 409.
 */
export async function enableTwoFactor(
  deps: Deps,
  { user, code }: { user: User; code: string },
): Promise<TwoFactorEnableResponse> {
  const row = await findTwoFactorSecret(deps.db, user.id);
  if (!row) throw new DomainError('conflict', 'auth.two_factor_not_started');
  const now = deps.clock();
  const step = matchingStep(deps.secrets.open(row.secret, user.id), compactCode(code), now);
  const repeatOrConflict = (current: { lastUsedStep: number | null }) => {
    if (step !== undefined && step === current.lastUsedStep) return {};
    throw new DomainError('conflict', 'auth.two_factor_already_on');
  };
  if (row.enabledAt) return repeatOrConflict(row);
  if (step === undefined) throw fieldError('invalid', 'code', 'auth.two_factor_code_wrong');

  const recoveryCodes = await withTransaction(deps, async (deps) => {
    const { db } = deps;
    if (!(await takeTimeStep(db, user.id, step, { enableAt: now.toISOString() }))) return null;
    await recordAudit(deps, {
      actor: user,
      kind: 'auth.two_factor_enabled',
      subject: { type: 'user', id: user.id },
    });
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await insertRecoveryCodes(
      db,
      codes.map((shown) => ({
        id: randomUUID(),
        userId: user.id,
        codeHash: sha256(compactCode(shown)),
      })),
    );
    return codes;
  });
  if (recoveryCodes) return { recoveryCodes };
  // Another request put it in force meanwhile: answered as that request's repeat, or refused.
  const current = await findTwoFactorSecret(deps.db, user.id);
  if (!current?.enabledAt) throw new DomainError('conflict', 'auth.two_factor_not_started');
  return repeatOrConflict(current);
}

/**
 * Turns the factor off, given the password and a current code (an authenticator code or a
 * recovery code), both checked under the sign-in limits as one attempt. Off already (or only set
 * up), the password alone is asked and what was set up goes: a repeat.
 */
export async function disableTwoFactor(
  deps: Deps,
  options: { user: User; password: string; code: string; address: string },
): Promise<void> {
  const { user } = options;
  let wrong: 'password' | 'code' | undefined;
  const attempt = { accountKey: user.id, address: options.address };
  await checkUnderSignInLimits(deps, attempt, async () => {
    const row = await findUserById(deps.db, user.id);
    if (!row || !(await verifyPassword(row.passwordHash, options.password))) wrong = 'password';
    else if (
      (await hasTwoFactor(deps, user.id)) &&
      !(await takeSecondFactorCode(deps, user.id, options.code))
    )
      wrong = 'code';
    return wrong === undefined;
  });
  if (wrong === 'password') throw fieldError('invalid', 'password', 'user.current_password_wrong');
  if (wrong === 'code') throw fieldError('invalid', 'code', 'auth.two_factor_code_wrong');
  await withTransaction(deps, async (deps) => {
    const row = await findTwoFactorSecret(deps.db, user.id);
    await deleteTwoFactor(deps.db, user.id);
    // Only a factor in force being turned off is an act; dropping one only set up is not.
    if (row?.enabledAt) {
      await recordAudit(deps, {
        actor: user,
        kind: 'auth.two_factor_disabled',
        subject: { type: 'user', id: user.id },
      });
    }
  });
}

/**
 * An administrator turns off someone's factor (a lost phone and lost codes): they sign in with
 * their password again and may set up a new one. Logged with who did it, and mailed to the
 * person in the same transaction (decision 0038). Off already: nothing happens (decision 0041).
 */
export async function resetTwoFactorByAdmin(
  deps: Deps,
  { id, admin }: { id: string; admin: User },
): Promise<void> {
  const target = await findUserById(deps.db, id);
  if (!target) throw new DomainError('not_found', 'user.not_found');
  const wasOn = await withTransaction(deps, async (deps) => {
    const row = await findTwoFactorSecret(deps.db, id);
    await deleteTwoFactor(deps.db, id);
    if (!row?.enabledAt) return false;
    await recordAudit(deps, {
      actor: admin,
      kind: 'auth.two_factor_reset',
      subject: { type: 'user', id },
      params: { username: target.username },
    });
    await deps.outbox.queue(
      deps,
      twoFactorResetMail({
        to: target.email,
        name: greetingName(target),
        language: target.preferredLanguage,
      }),
    );
    return true;
  });
  if (wasOn) {
    deps.log.info({ actorId: admin.id, subjectId: id }, 'An administrator reset a second factor');
  }
}

/**
 * The challenge between the password step and the code step: a random token for the browser's
 * cookie, its hash stored for five minutes and one use. The person's spent challenges go.
 */
export async function createSignInChallenge(
  deps: Deps,
  options: { userId: string; remember: boolean },
): Promise<string> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  await deleteSpentChallenges(deps.db, options.userId, now.toISOString());
  await insertSignInChallenge(deps.db, {
    id: randomUUID(),
    userId: options.userId,
    tokenHash: sha256(token),
    remember: options.remember,
    expiresAt: new Date(now.getTime() + twoFactorChallengeValidityMs).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  });
  return token;
}

/** Thrown inside the code step's transaction to undo its claim of the challenge. */
const wrongCode = Symbol('wrong code');

/**
 * The code step: the challenge of the browser's cookie and a code of the person's factor. The
 * code is checked under the sign-in limits as a password is (per account and per address), the
 * challenge and the code taken together in one transaction, so a wrong code leaves the challenge
 * for the right one and a used challenge opens nothing again. Answers whose sign-in it finishes.
 */
export async function passChallenge(
  deps: Deps,
  options: { challengeToken: string | undefined; code: string; address: string },
): Promise<{ userId: string; remember: boolean }> {
  const challenge = options.challengeToken
    ? await findLiveChallenge(deps.db, sha256(options.challengeToken), deps.clock().toISOString())
    : undefined;
  if (!challenge) throw new DomainError('unauthenticated', 'auth.two_factor_challenge_invalid');
  let isSpent = false;
  const attempt = { accountKey: challenge.userId, address: options.address };
  const passed = await checkUnderSignInLimits(deps, attempt, async () => {
    try {
      return await withTransaction(deps, async (deps) => {
        if (!(await claimChallenge(deps.db, challenge.id, deps.clock().toISOString()))) {
          // Finished (or expired) while this waited its turn: no guess was made, none counts.
          isSpent = true;
          return true;
        }
        if (!(await takeSecondFactorCode(deps, challenge.userId, options.code))) throw wrongCode;
        return true;
      });
    } catch (error) {
      if (error === wrongCode) return false;
      throw error;
    }
  });
  if (isSpent) throw new DomainError('unauthenticated', 'auth.two_factor_challenge_invalid');
  if (!passed) {
    // As a wrong password's: the attempt's claim stays as the failure, its entry follows it.
    const person = await findUserById(deps.db, challenge.userId);
    await recordAudit(deps, {
      actor: { id: challenge.userId, username: person?.username ?? null },
      kind: 'auth.two_factor_code_wrong',
      address: options.address,
    });
    throw new DomainError('unauthenticated', 'auth.two_factor_code_wrong');
  }
  return { userId: challenge.userId, remember: Boolean(challenge.remember) };
}

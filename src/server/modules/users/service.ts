import { randomBytes, randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/languages.ts';
import type { User } from '../../../domain/users.ts';
import { isUniqueViolation } from '../../db/constraints.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { recordAudit, type AuditActor } from '../audit/repository.ts';
import { DomainError, fieldError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { setPassword } from '../auth/service.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { checkUnderSignInLimits, clearSignInFailures } from '../auth/sign-in-limits.ts';
import { deleteDraftCompensations, hasPublishedCompensation } from '../compensation/repository.ts';
import { uploadFileKeysOfUser } from '../tasks/upload-repository.ts';
import { passwordChangedByAdminNotification, welcomeNotification } from './mails.ts';
import {
  countAdministrators,
  deleteUser,
  findIdentityConflict,
  findUserById,
  insertUser,
  isUsernameTaken,
  lockAdministrators,
  toUser,
  updateUser,
} from './repository.ts';
import { notify } from '../notifications/notify.ts';

/**
 * A fresh installation must be usable: when no administrator exists, create one from
 * ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password printed once.
 */
export async function ensureAdministrator(deps: Deps): Promise<void> {
  const { db, log } = deps;
  const { admin } = deps.config;
  if ((await countAdministrators(db)) > 0) return;
  if (await isUsernameTaken(db, admin.username)) {
    log.error(
      `No administrator exists, and the username "${admin.username}" belongs to a regular user. ` +
        'Set ADMIN_USERNAME to a free username and restart.',
    );
    return;
  }
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const now = deps.clock().toISOString();
  await insertUser(db, {
    id: randomUUID(),
    username: admin.username,
    email: admin.email,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    passwordHash: await hashPassword(password),
    isAdmin: true,
    preferredLanguage: 'en',
    createdAt: now,
    updatedAt: now,
  });
  if (admin.password) {
    log.info(
      { username: admin.username },
      'Created the administrator account from ADMIN_USERNAME and ADMIN_PASSWORD',
    );
  } else {
    // Printed once, on its own lines, so it stands out in the start-up log and is not buried in JSON.
    process.stdout.write(
      [
        '',
        '================================================================',
        ' An administrator account was created for this new installation',
        `   username: ${admin.username}`,
        `   password: ${password}`,
        ' Sign in and change the password. It will not be shown again.',
        '================================================================',
        '',
      ].join('\n') + '\n',
    );
  }
}

type IdentityField = 'username' | 'email';

function identityConflict(field: IdentityField): DomainError {
  return fieldError(
    'conflict',
    field,
    field === 'username' ? 'user.username_taken' : 'user.email_taken',
  );
}

/** The look-alike form of usernames is unique (migration 0019), also for requests in a race. */
const usernameSkeletonUnique = {
  constraint: 'users_username_skeleton_unique',
  table: 'users',
  columns: ['username_skeleton'],
};

/** The unique indexes catch what a concurrent request slipped past the check. */
function identityConflictOf(error: unknown): DomainError | undefined {
  const text =
    error instanceof Error
      ? `${error.message} ${String((error as { constraint?: unknown }).constraint)}`
      : '';
  if (text.includes('users_username_unique') || isUniqueViolation(error, usernameSkeletonUnique)) {
    return identityConflict('username');
  }
  if (text.includes('users_email_unique')) return identityConflict('email');
  return undefined;
}

async function rethrowConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw identityConflictOf(error) ?? error;
  }
}

export interface AccountInput {
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/**
 * Creates an account and welcomes its owner with a notification. Every area that makes accounts
 * uses this; inside `withTransaction` the account is part of the larger change (an approved
 * application).
 */
export async function createUserAccount(
  deps: Deps,
  input: AccountInput & { password: string; preferredLanguage?: Language },
  /** The administrator who made it in User Management; the audit log names them. */
  admin?: AuditActor,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock().toISOString();
  const row = {
    id: randomUUID(),
    username: input.username,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: null,
    passwordHash,
    isAdmin: input.isAdmin,
    preferredLanguage: input.preferredLanguage ?? 'en',
    createdAt: now,
    updatedAt: now,
  };
  return rethrowConflict(
    withTransaction(deps, async (deps) => {
      const conflict = await findIdentityConflict(deps.db, input);
      if (conflict) throw identityConflict(conflict);
      await insertUser(deps.db, row);
      await notify(deps, row.id, welcomeNotification(deps.config.site.agencyName));
      if (admin) {
        await recordAudit(deps, {
          actor: admin,
          kind: 'user.created',
          subject: { type: 'user', id: row.id },
          params: { username: row.username, role: roleOf(row.isAdmin) },
        });
      }
      return toUser(row);
    }),
  );
}

const roleOf = (isAdmin: boolean) => (isAdmin ? 'administrator' : 'creator');

/**
 * An edit of an account in the audit log: a change of role is an entry of its own (who made whom
 * an administrator), any other change of the account another; an edit that changed nothing, none.
 */
async function recordAccountChanges(
  deps: Deps,
  { before, after, admin }: { before: User; after: User; admin: AuditActor },
): Promise<void> {
  const subject = { type: 'user', id: after.id } as const;
  if (before.isAdmin !== after.isAdmin) {
    await recordAudit(deps, {
      actor: admin,
      kind: 'user.role_changed',
      subject,
      params: { username: after.username, role: roleOf(after.isAdmin) },
    });
  }
  const fields = (['username', 'email', 'firstName', 'lastName'] as const).filter(
    (field) => before[field] !== after[field],
  );
  if (fields.length > 0) {
    await recordAudit(deps, {
      actor: admin,
      kind: 'user.updated',
      subject,
      params: { username: after.username, previousUsername: before.username },
    });
  }
}

/** One account, for an administrator. */
export async function findUserAccount(deps: Deps, id: string): Promise<User> {
  const row = await findUserById(deps.db, id);
  if (!row) throw new DomainError('not_found', 'user.not_found');
  return toUser(row);
}

/** An administrator's edit of someone's account (everything but the password). */
export async function updateUserAccount(
  deps: Deps,
  { id, changes: input, admin }: { id: string; changes: AccountInput; admin: AuditActor },
): Promise<User> {
  return rethrowConflict(
    withTransaction(deps, async (deps) => {
      const { db } = deps;
      await lockAdministrators(db, deps.dialect);
      const target = await findUserById(db, id);
      if (!target) throw new DomainError('not_found', 'user.not_found');
      if (target.isAdmin && !input.isAdmin && (await countAdministrators(db)) <= 1) {
        throw new DomainError('conflict', 'user.last_administrator');
      }
      const conflict = await findIdentityConflict(db, input, id);
      if (conflict) throw identityConflict(conflict);
      const changes = { ...input, updatedAt: deps.clock().toISOString() };
      await updateUser(db, id, changes);
      const updated = toUser({ ...target, ...changes });
      await recordAccountChanges(deps, { before: toUser(target), after: updated, admin });
      return updated;
    }),
  );
}

/**
 * An administrator sets someone's password. Their sessions end (but the administrator's own
 * current one, `sessionToken`, when it is their own password), and a notification tells them.
 */
export async function setPasswordByAdmin(
  deps: Deps,
  options: { id: string; admin: User; newPassword: string; sessionToken?: string },
): Promise<void> {
  const { id, admin } = options;
  const isOwn = id === admin.id;
  await withTransaction(deps, async (deps) => {
    const target = await findUserById(deps.db, id);
    if (!target) throw new DomainError('not_found', 'user.not_found');
    await setPassword(deps, {
      userId: id,
      newPassword: options.newPassword,
      keepToken: isOwn ? options.sessionToken : undefined,
    });
    await recordAudit(deps, {
      actor: admin,
      kind: 'user.password_set',
      subject: { type: 'user', id },
      params: { username: target.username },
    });
    if (!isOwn) await notify(deps, id, passwordChangedByAdminNotification);
  });
}

/**
 * An administrator ends every session of an account, everywhere at once (the next request of
 * each is refused). Their own account keeps the session making the request.
 */
export async function endSessionsByAdmin(
  deps: Deps,
  options: { id: string; admin: User; sessionToken?: string },
): Promise<{ ended: number }> {
  const { id, admin } = options;
  const person = await findUserById(deps.db, id);
  if (!person) throw new DomainError('not_found', 'user.not_found');
  return endOtherSessions(deps, {
    person,
    actor: admin,
    keepToken: id === admin.id ? options.sessionToken : undefined,
  });
}

/** A person changing their own username (the only profile field they may change). */
export async function updateOwnUsername(
  deps: Deps,
  { user, username }: { user: User; username: string },
): Promise<User> {
  return rethrowConflict(
    withTransaction(deps, async ({ db }) => {
      const conflict = await findIdentityConflict(db, { username, email: user.email }, user.id);
      if (conflict) throw identityConflict(conflict);
      const updatedAt = deps.clock().toISOString();
      // Saving the profile, even unchanged, is the person checking it (the dashboard's first step).
      await updateUser(db, user.id, { username, updatedAt, profileCheckedAt: updatedAt });
      return { ...user, username, updatedAt };
    }),
  );
}

/** A person choosing their language: the screens', and the one their mail is written in. */
export async function updateOwnLanguage(
  deps: Deps,
  { user, preferredLanguage }: { user: User; preferredLanguage: Language },
): Promise<User> {
  const changes = { preferredLanguage, updatedAt: deps.clock().toISOString() };
  await updateUser(deps.db, user.id, changes);
  return { ...user, ...changes };
}

/**
 * A person changing their own password, given their current one. Guessing the current password
 * from a borrowed session is limited like guessing at sign-in (from `address`). Their other
 * sessions end; the one making the change (`sessionToken`) stays.
 */
export async function changeOwnPassword(
  deps: Deps,
  options: {
    user: User;
    currentPassword: string;
    newPassword: string;
    address: string;
    sessionToken?: string;
  },
): Promise<void> {
  const { user } = options;
  const attempt = { accountKey: user.id, address: options.address };
  const right = await checkUnderSignInLimits(deps, attempt, async () => {
    const row = await findUserById(deps.db, user.id);
    return row !== undefined && (await verifyPassword(row.passwordHash, options.currentPassword));
  });
  if (!right) throw fieldError('invalid', 'currentPassword', 'user.current_password_wrong');
  // The new password clears the account's failures from everywhere.
  await setPassword(deps, {
    userId: user.id,
    newPassword: options.newPassword,
    keepToken: options.sessionToken,
    audit: {
      actor: user,
      kind: 'user.password_changed',
      subject: { type: 'user', id: user.id },
    },
  });
}

/**
 * Deletes an account with what is only theirs: sessions, notifications, assignments, uploads
 * (rows by the schema's cascades, files here) and draft compensation. Published compensation is
 * the history of what they were paid, and blocks the deletion. An account that is not there
 * (deleted already) is no refusal: nothing is left to delete.
 */
export async function deleteUserAccount(
  deps: Deps,
  options: { id: string; actor: AuditActor & { id: string } },
): Promise<void> {
  if (options.id === options.actor.id) {
    throw new DomainError('conflict', 'user.delete_self');
  }
  const fileKeys = await withTransaction(deps, async (deps) => {
    const { db } = deps;
    await lockAdministrators(db, deps.dialect);
    const target = await findUserById(db, options.id);
    // Already gone (a repeat, decision 0041): what was asked for holds.
    if (!target) return [];
    if (await hasPublishedCompensation(db, options.id)) {
      throw new DomainError('conflict', 'user.delete_paid');
    }
    if (target.isAdmin && (await countAdministrators(db)) <= 1) {
      throw new DomainError('conflict', 'user.last_administrator');
    }
    const fileKeys = await uploadFileKeysOfUser(db, options.id);
    // Only drafts: should a publication slip in concurrently, the RESTRICT key refuses the delete.
    await deleteDraftCompensations(db, options.id);
    await clearSignInFailures(db, options.id);
    await deleteUser(db, options.id);
    await recordAudit(deps, {
      actor: options.actor,
      kind: 'user.deleted',
      subject: { type: 'user', id: options.id },
      params: { username: target.username },
    });
    // Its sessions went with it (the schema's cascade): its live streams close everywhere.
    await deps.live.announce(deps, { kind: 'sessions-ended', userId: options.id });
    return fileKeys;
  });
  // Files go after the commit: a failed deletion must not leave rows pointing at missing files.
  for (const key of fileKeys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, key }, 'Could not delete a stored file of a deleted user'),
      );
  }
}

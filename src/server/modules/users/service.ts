import { randomBytes, randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/languages.ts';
import type { User } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, DomainError } from '../../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { clearSignInFailures } from '../auth/sign-in-limits.ts';
import { deleteDraftCompensations, hasPublishedCompensation } from '../compensation/repository.ts';
import { uploadFileKeysOfUser } from '../tasks/upload-repository.ts';
import { welcomeNotification } from './notifications.ts';
import {
  countAdministrators,
  deleteUser,
  findIdentityConflict,
  findUserById,
  findUserByLogin,
  insertUser,
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
  if (await findUserByLogin(db, admin.username)) {
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

/** The unique indexes catch what a concurrent request slipped past the check. */
function identityConflictOf(error: unknown): DomainError | undefined {
  const text =
    error instanceof Error
      ? `${error.message} ${String((error as { constraint?: unknown }).constraint)}`
      : '';
  if (text.includes('users_username_unique')) return identityConflict('username');
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
 * Creates an account and welcomes its owner in their bell. Every area that makes accounts uses
 * this; pass a transaction as `deps.db` to make the account part of a larger change.
 */
export async function createUserAccount(
  deps: Deps,
  input: AccountInput & { password: string; preferredLanguage?: Language },
): Promise<User> {
  const { db } = deps;
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
  const create = async (trx: Db) => {
    const conflict = await findIdentityConflict(trx, input);
    if (conflict) throw identityConflict(conflict);
    await insertUser(trx, row);
    await notify({ ...deps, db: trx }, row.id, welcomeNotification(deps.config.site.agencyName));
    return toUser(row);
  };
  // Inside a caller's transaction (an approved application) the account is part of that change.
  return rethrowConflict(db.isTransaction ? create(db) : db.transaction().execute(create));
}

/** An administrator's edit of someone's account (everything but the password). */
export async function updateUserAccount(
  deps: Deps,
  { id, changes: input }: { id: string; changes: AccountInput },
): Promise<User> {
  return rethrowConflict(
    deps.db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, deps.dialect);
      const target = await findUserById(trx, id);
      if (!target) throw new DomainError('not_found', 'user.not_found');
      if (target.isAdmin && !input.isAdmin && (await countAdministrators(trx)) <= 1) {
        throw new DomainError('conflict', 'user.last_administrator');
      }
      const conflict = await findIdentityConflict(trx, input, id);
      if (conflict) throw identityConflict(conflict);
      const changes = { ...input, updatedAt: deps.clock().toISOString() };
      await updateUser(trx, id, changes);
      return toUser({ ...target, ...changes });
    }),
  );
}

/** A person changing their own username (spec: the only profile field they may change). */
export async function updateOwnUsername(
  deps: Deps,
  { user, username }: { user: User; username: string },
): Promise<User> {
  return rethrowConflict(
    deps.db.transaction().execute(async (trx) => {
      const conflict = await findIdentityConflict(trx, { username, email: user.email }, user.id);
      if (conflict) throw identityConflict(conflict);
      const updatedAt = deps.clock().toISOString();
      // Saving the profile, even unchanged, is the person checking it (the dashboard's first step).
      await updateUser(trx, user.id, { username, updatedAt, profileCheckedAt: updatedAt });
      return { ...user, username, updatedAt };
    }),
  );
}

/**
 * Deletes an account with what is only theirs: sessions, notifications, assignments, uploads
 * (rows by the schema's cascades, files here) and draft compensation. Published compensation is
 * pay history and blocks the deletion.
 */
export async function deleteUserAccount(
  deps: Deps,
  options: { id: string; actingUserId: string },
): Promise<void> {
  if (options.id === options.actingUserId) {
    throw new DomainError('conflict', 'user.delete_self');
  }
  const fileKeys = await deps.db.transaction().execute(async (trx) => {
    await lockAdministrators(trx, deps.dialect);
    const target = await findUserById(trx, options.id);
    if (!target) throw new DomainError('not_found', 'user.not_found');
    if (await hasPublishedCompensation(trx, options.id)) {
      throw new DomainError('conflict', 'user.delete_paid');
    }
    if (target.isAdmin && (await countAdministrators(trx)) <= 1) {
      throw new DomainError('conflict', 'user.last_administrator');
    }
    const fileKeys = await uploadFileKeysOfUser(trx, options.id);
    // Only drafts: should a publication slip in concurrently, the RESTRICT key refuses the delete.
    await deleteDraftCompensations(trx, options.id);
    await clearSignInFailures(trx, options.id);
    await deleteUser(trx, options.id);
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

import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../domain/languages.ts';
import type { User } from '../../../domain/users.ts';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { hashPassword } from '../auth/password.ts';
import { notify } from '../notifications/notify.ts';
import { welcomeNotice } from './notices.ts';
import {
  countAdministrators,
  findIdentityConflict,
  findUserById,
  findUserByLogin,
  insertUser,
  toUser,
} from './repository.ts';

/**
 * A fresh installation must be usable: when no administrator exists, create one from
 * ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password printed once.
 */
export async function ensureAdministrator(
  db: Db,
  admin: Config['admin'],
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdministrators(db)) > 0) return;
  if (await findUserByLogin(db, admin.username)) {
    log.error(
      `No administrator exists, and the username "${admin.username}" belongs to a regular user. ` +
        'Set ADMIN_USERNAME to a free username and restart.',
    );
    return;
  }
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const now = new Date().toISOString();
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

const conflictMessages: Record<IdentityField, string> = {
  username: 'This username is already taken. Please choose another one.',
  email: 'This email address is already used by another account.',
};

function identityConflict(field: IdentityField): HttpError {
  return new HttpError(409, conflictMessages[field], [
    { path: [field], message: conflictMessages[field] },
  ]);
}

/** The unique indexes catch what a concurrent request slipped past the check. */
function identityConflictOf(error: unknown): HttpError | undefined {
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

/**
 * Administrators are locked for the rest of the transaction on PostgreSQL, so two concurrent
 * demotions or deletions cannot leave nobody in charge. SQLite runs one writer at a time already.
 */
async function lockAdministrators(trx: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('isAdmin', '=', true).forUpdate().execute();
}

const lastAdministratorMessage =
  'This is the last administrator. Make another user an administrator first.';

export interface AccountInput {
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/**
 * Creates an account and welcomes its owner in their bell. Every area that makes accounts uses
 * this; pass a transaction as `db` to make the account part of a larger change.
 */
export async function createUserAccount(
  db: Db,
  input: AccountInput & { password: string; preferredLanguage?: Language },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
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
    await notify(trx, row.id, welcomeNotice);
    return toUser(row);
  };
  // Inside a caller's transaction (an approved application) the account is part of that change.
  return rethrowConflict(db.isTransaction ? create(db) : db.transaction().execute(create));
}

/** An administrator's edit of someone's account (everything but the password). */
export async function updateUserAccount(
  db: Db,
  dialect: Dialect,
  id: string,
  input: AccountInput,
): Promise<User> {
  return rethrowConflict(
    db.transaction().execute(async (trx) => {
      await lockAdministrators(trx, dialect);
      const target = await findUserById(trx, id);
      if (!target) throw new HttpError(404, 'User not found');
      if (target.isAdmin && !input.isAdmin && (await countAdministrators(trx)) <= 1) {
        throw new HttpError(409, lastAdministratorMessage);
      }
      const conflict = await findIdentityConflict(trx, input, id);
      if (conflict) throw identityConflict(conflict);
      const changes = { ...input, updatedAt: new Date().toISOString() };
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
      return toUser({ ...target, ...changes });
    }),
  );
}

/** A person changing their own username (spec: the only profile field they may change). */
export async function updateOwnUsername(db: Db, user: User, username: string): Promise<User> {
  return rethrowConflict(
    db.transaction().execute(async (trx) => {
      const conflict = await findIdentityConflict(trx, { username, email: user.email }, user.id);
      if (conflict) throw identityConflict(conflict);
      const updatedAt = new Date().toISOString();
      await trx
        .updateTable('users')
        .set({ username, updatedAt })
        .where('id', '=', user.id)
        .execute();
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
  db: Db,
  dialect: Dialect,
  storage: Storage,
  options: { id: string; actingUserId: string; log: FastifyBaseLogger },
): Promise<void> {
  if (options.id === options.actingUserId) {
    throw new HttpError(409, 'You cannot delete your own account.');
  }
  const fileKeys = await db.transaction().execute(async (trx) => {
    await lockAdministrators(trx, dialect);
    const target = await findUserById(trx, options.id);
    if (!target) throw new HttpError(404, 'User not found');
    const published = await trx
      .selectFrom('compensations')
      .select('id')
      .where('userId', '=', options.id)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (published) {
      throw new HttpError(
        409,
        'This user has published compensation and cannot be deleted: pay history is kept. You can still edit the account or change its password.',
      );
    }
    if (target.isAdmin && (await countAdministrators(trx)) <= 1) {
      throw new HttpError(409, lastAdministratorMessage);
    }
    const uploads = await trx
      .selectFrom('taskUploads')
      .select('fileKey')
      .where('userId', '=', options.id)
      .execute();
    // Only drafts: should a publication slip in concurrently, the RESTRICT key refuses the delete.
    await trx
      .deleteFrom('compensations')
      .where('userId', '=', options.id)
      .where('status', '=', 'draft')
      .execute();
    await trx.deleteFrom('signInFailures').where('accountKey', '=', options.id).execute();
    await trx.deleteFrom('users').where('id', '=', options.id).execute();
    return uploads.map((upload) => upload.fileKey);
  });
  // Files go after the commit: a failed deletion must not leave rows pointing at missing files.
  for (const key of fileKeys) {
    await storage
      .delete(key)
      .catch((error: unknown) =>
        options.log.warn({ err: error, key }, 'Could not delete a stored file of a deleted user'),
      );
  }
}

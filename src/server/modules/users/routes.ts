import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPasswordChangeRequestSchema,
  createUserRequestSchema,
  languageUpdateRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '../../../domain/users.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError, fieldError, tooManyAttempts } from '../../errors.ts';
import { verifyPassword } from '../auth/password.ts';
import { setPassword } from '../auth/service.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import { clearSignInFailures, claimSignInAttempt } from '../auth/sign-in-limits.ts';
import { passwordChangedByAdminNotification } from './notifications.ts';
import { findUserById, listUsers, toUser, updateUser } from './repository.ts';
import {
  createUserAccount,
  deleteUserAccount,
  updateOwnUsername,
  updateUserAccount,
} from './service.ts';
import { notify } from '../notifications/notify.ts';

const idParams = z.object({ id: z.string().min(1, 'User ID is required').max(100) });

/** The signed-in person's own account (spec: they change only their username and password). */
export const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/me',
    { config: { access: 'signed-in' }, schema: { response: { 200: userSchema } } },
    async (request) => requireUser(request),
  );

  app.put(
    '/api/user/profile',
    {
      config: { access: 'signed-in' },
      schema: { body: profileUpdateRequestSchema, response: { 200: userSchema } },
    },
    async (request) =>
      updateOwnUsername(request.deps, {
        user: requireUser(request),
        username: request.body.username,
      }),
  );

  app.put(
    '/api/user/language',
    {
      config: { access: 'signed-in' },
      schema: { body: languageUpdateRequestSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const changes = {
        preferredLanguage: request.body.preferredLanguage,
        updatedAt: request.deps.clock().toISOString(),
      };
      await updateUser(request.deps.db, user.id, changes);
      return { ...user, ...changes };
    },
  );

  app.put(
    '/api/user/password',
    { config: { access: 'signed-in' }, schema: { body: passwordChangeRequestSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      // Guessing the current password from a borrowed session is limited like guessing at sign-in.
      const attempt = { accountKey: user.id, address: request.ip };
      const wait = await claimSignInAttempt(request.deps.db, attempt, request.deps.clock());
      if (wait > 0) throw tooManyAttempts('auth.too_many_attempts', wait);
      const row = await findUserById(request.deps.db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        // The claim stays: it is the failure.
        throw fieldError('invalid', 'currentPassword', 'user.current_password_wrong');
      }
      await clearSignInFailures(request.deps.db, user.id);
      await setPassword(request.deps, {
        userId: user.id,
        newPassword: request.body.newPassword,
        keepToken: request.cookies[sessionCookieName],
      });
      return reply.status(204).send();
    },
  );
};

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    },
    async (request) => listUsers(request.deps.db, request.query),
  );

  app.post(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: { body: createUserRequestSchema, response: { 201: userSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createUserAccount(request.deps, request.body)),
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: userSchema } } },
    async (request) => {
      const row = await findUserById(request.deps.db, request.params.id);
      if (!row) throw new DomainError('not_found', 'user.not_found');
      return toUser(row);
    },
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: updateUserRequestSchema, response: { 200: userSchema } },
    },
    async (request) =>
      updateUserAccount(request.deps, { id: request.params.id, changes: request.body }),
  );

  app.patch(
    '/api/admin/users/:id/password',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: adminPasswordChangeRequestSchema },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const { id } = request.params;
      if (!(await findUserById(request.deps.db, id)))
        throw new DomainError('not_found', 'user.not_found');
      await setPassword(request.deps, {
        userId: id,
        newPassword: request.body.newPassword,
        keepToken: id === admin.id ? request.cookies[sessionCookieName] : undefined,
      });
      if (id !== admin.id) await notify(request.deps, id, passwordChangedByAdminNotification);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteUserAccount(request.deps, {
        id: request.params.id,
        actingUserId: requireUser(request).id,
      });
      return reply.status(204).send();
    },
  );
};

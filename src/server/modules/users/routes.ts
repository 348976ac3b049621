import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersApi } from '../../../domain/api/users.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import { resetTwoFactorByAdmin } from '../auth/two-factor.ts';
import { listUsers } from './repository.ts';
import {
  changeOwnPassword,
  createUserAccount,
  deleteUserAccount,
  findUserAccount,
  endSessionsByAdmin,
  setPasswordByAdmin,
  updateOwnLanguage,
  updateOwnUsername,
  updateUserAccount,
} from './service.ts';

/** The signed-in person's own account: they change only their username, language and password. */
export const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(usersApi.me),
    handler: async (request) => requireUser(request),
  });

  app.route({
    ...routeOf(usersApi.updateProfile),
    handler: async (request) =>
      updateOwnUsername(request.deps, {
        user: requireUser(request),
        username: request.body.username,
      }),
  });

  app.route({
    ...routeOf(usersApi.updateLanguage),
    handler: async (request) =>
      updateOwnLanguage(request.deps, {
        user: requireUser(request),
        preferredLanguage: request.body.preferredLanguage,
      }),
  });

  app.route({
    ...routeOf(usersApi.changePassword),
    handler: async (request, reply) => {
      await changeOwnPassword(request.deps, {
        user: requireUser(request),
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        address: request.ip,
        sessionToken: request.cookies[sessionCookieName],
      });
      return reply.status(204).send();
    },
  });
};

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(usersApi.list),
    handler: async (request) => listUsers(request.deps.db, request.query),
  });

  app.route({
    ...routeOf(usersApi.create),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createUserAccount(request.deps, request.body, requireUser(request))),
  });

  app.route({
    ...routeOf(usersApi.get),
    handler: async (request) => findUserAccount(request.deps, request.params.id),
  });

  app.route({
    ...routeOf(usersApi.update),
    handler: async (request) =>
      updateUserAccount(request.deps, {
        id: request.params.id,
        changes: request.body,
        admin: requireUser(request),
      }),
  });

  app.route({
    ...routeOf(usersApi.setPassword),
    handler: async (request, reply) => {
      await setPasswordByAdmin(request.deps, {
        id: request.params.id,
        admin: requireUser(request),
        newPassword: request.body.newPassword,
        sessionToken: request.cookies[sessionCookieName],
      });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(usersApi.resetTwoFactor),
    handler: async (request, reply) => {
      await resetTwoFactorByAdmin(request.deps, {
        id: request.params.id,
        admin: requireUser(request),
      });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(usersApi.endSessions),
    handler: async (request) =>
      endSessionsByAdmin(request.deps, {
        id: request.params.id,
        admin: requireUser(request),
        sessionToken: request.cookies[sessionCookieName],
      }),
  });

  app.route({
    ...routeOf(usersApi.delete),
    handler: async (request, reply) => {
      await deleteUserAccount(request.deps, {
        id: request.params.id,
        actor: requireUser(request),
      });
      return reply.status(204).send();
    },
  });
};

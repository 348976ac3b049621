import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '../../../domain/api/auth.ts';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import {
  challengeCookieName,
  clearChallengeCookie,
  clearSessionCookie,
  setChallengeCookie,
  setSessionCookie,
} from './cookie.ts';
import {
  checkPasswordLink,
  dummyPasswordHash,
  finishSignIn,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
} from './service.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.ts';
import {
  endOtherSessions,
  endSession,
  listSessions,
  rememberedSessionMs,
  sessionCookieName,
} from './sessions.ts';

/**
 * The answer to every forgotten-password request, whether or not the account exists. It is the
 * API's fixed English text; the screens show their own, in the reader's language
 * (`auth.forgot.sent`).
 */
export const resetRequestedMessage =
  'If an account matches what you entered, we have sent it a link to choose a new password. The link is valid for one hour.';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const secure = config.appUrl.startsWith('https:');
  // Made now, so the first sign-in with an unknown name takes no longer than the ones after it.
  void dummyPasswordHash();

  app.route({
    ...routeOf(authApi.login),
    handler: async (request, reply) => {
      const { username, password, remember } = request.body;
      const signedIn = await signIn(request.deps, {
        username,
        password,
        remember,
        address: request.ip,
        previousToken: request.cookies[sessionCookieName],
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store');
      if ('challengeToken' in signedIn) {
        // No session yet: the code step finishes this sign-in (decision 0052).
        setChallengeCookie(reply, signedIn.challengeToken, { secure });
        return { twoFactorRequired: true as const };
      }
      setSessionCookie(reply, signedIn.token, {
        secure,
        ...(remember ? { maxAgeMs: rememberedSessionMs } : {}),
      });
      // The person it signed in, like every answer to a signed-in person (plugins/access.ts).
      return signedIn.answer;
    },
  });

  app.route({
    ...routeOf(authApi.loginTwoFactor),
    handler: async (request, reply) => {
      const { token, answer, remember } = await finishSignIn(request.deps, {
        challengeToken: request.cookies[challengeCookieName],
        code: request.body.code,
        address: request.ip,
        previousToken: request.cookies[sessionCookieName],
        userAgent: request.headers['user-agent'],
      });
      clearChallengeCookie(reply, { secure });
      setSessionCookie(reply, token, {
        secure,
        ...(remember ? { maxAgeMs: rememberedSessionMs } : {}),
      });
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });

  app.route({
    ...routeOf(authApi.user),
    handler: async (request) => requireUser(request),
  });

  app.route({
    ...routeOf(authApi.setupTwoFactor),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return setUpTwoFactor(request.deps, {
        user: requireUser(request),
        password: request.body.password,
        address: request.ip,
      });
    },
  });

  app.route({
    ...routeOf(authApi.enableTwoFactor),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return enableTwoFactor(request.deps, { user: requireUser(request), code: request.body.code });
    },
  });

  app.route({
    ...routeOf(authApi.disableTwoFactor),
    handler: async (request, reply) => {
      await disableTwoFactor(request.deps, {
        user: requireUser(request),
        password: request.body.password,
        code: request.body.code,
        address: request.ip,
      });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(authApi.session),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    },
  });

  app.route({
    ...routeOf(authApi.sessions),
    handler: async (request) => ({
      items: await listSessions(request.deps, {
        userId: requireUser(request).id,
        currentToken: request.cookies[sessionCookieName]!,
      }),
    }),
  });

  app.route({
    ...routeOf(authApi.endSession),
    handler: async (request, reply) => {
      const { wasCurrent } = await endSession(request.deps, {
        userId: requireUser(request).id,
        id: request.params.id,
        currentToken: request.cookies[sessionCookieName]!,
      });
      if (wasCurrent) clearSessionCookie(reply, { secure });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(authApi.endOtherSessions),
    handler: async (request) =>
      endOtherSessions(request.deps, {
        person: requireUser(request),
        actor: requireUser(request),
        keepToken: request.cookies[sessionCookieName],
      }),
  });

  // Public, so a browser holding an expired session can still clear its cookie.
  app.route({
    ...routeOf(authApi.logout),
    handler: async (request, reply) => {
      const token = request.cookies[sessionCookieName];
      if (token) await signOut(request.deps, token);
      clearSessionCookie(reply, { secure });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(authApi.forgotPassword),
    handler: async (request, reply) => {
      await requestPasswordReset(request.deps, {
        login: request.body.username,
        address: request.ip,
      });
      return reply.status(202).send({ message: resetRequestedMessage });
    },
  });

  app.route({
    ...routeOf(authApi.checkPasswordLink),
    handler: async (request, reply) => {
      const valid = await checkPasswordLink(request.deps, {
        token: request.query.token,
        address: request.ip,
      });
      // The answer is about this link at this moment: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { valid };
    },
  });

  app.route({
    ...routeOf(authApi.resetPassword),
    handler: async (request, reply) => {
      await resetPassword(request.deps, request.body);
      return reply.status(204).send();
    },
  });
};

import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
} from '../../../domain/auth.ts';
import { userSchema } from '../../../domain/users.ts';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError, tooManyAttempts } from '../../errors.ts';
import { admitRequest } from '../../plugins/rate-limits.ts';
import { findUserByLogin, recordSignIn, toUser } from '../users/repository.ts';
import { clearSessionCookie, setSessionCookie } from './cookie.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { requestPasswordReset, resetPassword, resetRequestLimit } from './service.ts';
import {
  createSession,
  deleteSession,
  rememberedSessionMs,
  sessionCookieName,
} from './sessions.ts';
import { claimSignInAttempt, clearSignInFailuresFrom } from './sign-in-limits.ts';

/**
 * An unknown name is checked against this hash, so it costs the same time as a wrong password
 * and the answer's timing does not tell whether the account exists.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const resetRequestedMessage =
  'If an account matches what you entered, we have sent it a link to choose a new password. The link is valid for one hour.';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const secure = config.appUrl.startsWith('https:');
  void getDummyHash();

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { username, password, remember } = request.body;
      const row = await findUserByLogin(request.deps.db, username);
      const attempt = {
        accountKey: row ? row.id : `login:${username.toLowerCase()}`,
        address: request.ip,
      };
      // Claimed before the password is checked, so parallel guesses cannot all slip through.
      const now = request.deps.clock();
      const wait = await claimSignInAttempt(request.deps.db, attempt, now);
      if (wait > 0) throw tooManyAttempts('auth.too_many_attempts', wait);
      const valid = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), password);
      // A wrong password leaves the claim in place: it is the failure.
      if (!row || !valid) throw new DomainError('unauthenticated', 'auth.invalid_credentials');
      // Only this address's failures: the owner signing in must not hand a stranger fresh guesses.
      await clearSignInFailuresFrom(request.deps.db, attempt);

      // A fresh session id at every sign-in; whatever session the browser held before ends.
      const previous = request.cookies[sessionCookieName];
      if (previous) await deleteSession(request.deps.db, previous);
      const { token } = await createSession(request.deps.db, row.id, { remember, now });
      await recordSignIn(request.deps.db, row.id, now.toISOString());
      setSessionCookie(reply, token, {
        secure,
        ...(remember ? { maxAgeMs: rememberedSessionMs } : {}),
      });
      const user = toUser(row);
      // Read before this sign-in was recorded: the last one is now the previous one.
      return {
        username: user.username,
        isAdmin: user.isAdmin,
        user,
        previousSignInAt: row.lastSignInAt,
      };
    },
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'signed-in' }, schema: { response: { 200: userSchema } } },
    async (request) => requireUser(request),
  );

  app.get(
    '/api/auth/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    },
  );

  // Public, so a browser holding an expired session can still clear its cookie.
  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = request.cookies[sessionCookieName];
    if (token) await deleteSession(request.deps.db, token);
    clearSessionCookie(reply, { secure });
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: forgotPasswordRequestSchema, response: { 202: messageResponseSchema } },
    },
    async (request, reply) => {
      const now = request.deps.clock();
      const { retryAfter: wait } = await admitRequest(
        request.deps.db,
        resetRequestLimit,
        request.ip,
        now,
      );
      if (wait > 0) throw tooManyAttempts('auth.too_many_reset_requests', wait);
      await requestPasswordReset(request.deps, { login: request.body.username });
      return reply.status(202).send({ message: resetRequestedMessage });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordRequestSchema } },
    async (request, reply) => {
      const done = await resetPassword(request.deps, {
        token: request.body.token,
        newPassword: request.body.newPassword,
      });
      if (!done) {
        throw new DomainError('invalid', 'auth.reset_link_unusable');
      }
      return reply.status(204).send();
    },
  );
};

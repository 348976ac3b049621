import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../../domain/api/endpoint.ts';
import type { CurrentUser } from '../../domain/auth.ts';
import type { MessageCode } from '../../domain/messages.ts';
import { sessionUser } from '../modules/auth/service.ts';
import { sessionCookieName, sweepExpiredSessions } from '../modules/auth/sessions.ts';
import { errorBody } from '../errors.ts';
import { runPeriodically } from './schedule.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to an administrator who must still set up a second factor (decision 0052). */
    duringTwoFactorSetup?: boolean;
  }
  interface FastifyInstance {
    /** Every API and /objects route with its access rule, as registered (the access test walks it). */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The signed-in person, on API routes; null when nobody is signed in. */
    user: CurrentUser | null;
  }
}

const sweepEveryMs = 60 * 60 * 1000;

/**
 * Route patterns (as registered, never a request's text) that must state who may call them: the
 * API, and stored files (/objects/...).
 */
export function isGuardedRoute(routeUrl: string): boolean {
  return routeUrl === '/api' || routeUrl.startsWith('/api/') || routeUrl.startsWith('/objects/');
}

/** The access rule of the route the router matched for this request; undefined for pages. */
export function accessOf(request: FastifyRequest): Access | undefined {
  return request.routeOptions.config.access;
}

/** Signed-in user of a route that requires one (its access rule has already run). */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user)
    throw new Error(`${request.url} read the user without an access rule that requires one`);
  return request.user;
}

/** Who the request's session cookie says is signed in; null when nobody is. */
export async function sessionUserOf(request: FastifyRequest): Promise<CurrentUser | null> {
  const token = request.cookies[sessionCookieName];
  return token ? sessionUser(request.deps, token) : null;
}

/**
 * Why `user` may not call a route with this access rule: its status and message code, or
 * undefined when they may. An administrator held to set up a second factor reaches only the
 * routes of that set-up (decision 0052).
 */
export function refusalOf(
  access: Access,
  user: CurrentUser | null,
  { duringTwoFactorSetup = false }: { duringTwoFactorSetup?: boolean } = {},
): { status: 401 | 403; code: MessageCode } | undefined {
  if (access === 'public') return undefined;
  if (!user) return { status: 401, code: 'auth.sign_in_required' };
  if (user.twoFactor.setupRequired && !duringTwoFactorSetup) {
    return { status: 403, code: 'auth.two_factor_setup_required' };
  }
  if (access === 'admin' && !user.isAdmin) return { status: 403, code: 'auth.admin_only' };
  if (access === 'creator' && user.isAdmin) return { status: 403, code: 'auth.creators_only' };
  return undefined;
}

/**
 * Sessions and role guards. Refuses to start when an API route states no access rule, so a
 * forgotten guard is a boot failure rather than an open endpoint.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorate('apiRoutes', []);

    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: Access } | undefined)?.access;
      if (!isGuardedRoute(route.url)) return;
      if (access === undefined) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} has no access rule (config.access)`,
        );
      }
      for (const method of [route.method].flat())
        app.apiRoutes.push({ method, url: route.url, access });
    });

    // Decided from the route the router matched, whatever the request's path looked like
    // (`/%61pi/...` is decoded to `/api/...` before matching), and before the body is read: a
    // caller who may not use a route gets no parsing of its body and learns nothing of its rules.
    app.addHook('onRequest', async (request, reply) => {
      const access = accessOf(request);
      if (access === undefined) return;
      request.user = await sessionUserOf(request);
      const refusal = refusalOf(access, request.user, request.routeOptions.config);
      if (refusal) return reply.status(refusal.status).send(errorBody(refusal.code));
    });

    // What is said to a signed-in person is theirs: no cache, shared or the browser's, keeps it,
    // unless the route chose a cache of its own for what is the same for everyone.
    app.addHook('onSend', async (request, reply) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (
        request.user &&
        type.startsWith('application/json') &&
        !reply.hasHeader('cache-control')
      ) {
        reply.header('cache-control', 'no-store');
      }
    });

    runPeriodically(app, {
      name: 'Session sweep',
      everyMs: sweepEveryMs,
      run: () => sweepExpiredSessions(app.deps.db, app.deps.clock()),
    });
  },
  { name: 'access' },
);

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { createSession, sessionCookieName } from '../../src/server/modules/auth/sessions.ts';
import { createUser, type TestUser } from './factories.ts';

/**
 * Signs a user in without the login form: a real session row, and the cookie that names it.
 * Use the result as the `cookie` header of `app.inject()`.
 */
export async function signIn(
  db: Db,
  user: { id: string },
  options: { remember?: boolean; userAgent?: string } = {},
) {
  const { token } = await createSession(db, user.id, {
    remember: options.remember ?? false,
    now: new Date(),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  return { cookie: `${sessionCookieName}=${token}`, token };
}

/** What a call takes besides its method, address and body: headers, remoteAddress, query… */
export type CallOptions = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'>;
type Payload = InjectOptions['payload'];

export interface SignedInClient {
  /** The `sid=…` cookie header of this client's session, and its token. */
  cookie: string;
  token: string;
  /** `app.inject` with this session's cookie added to the headers. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, options?: CallOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, options?: CallOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Payload, options?: CallOptions): Promise<LightMyRequestResponse>;
}

/**
 * A user's way into the API without the login form: one new session (see `signIn`), and calls
 * through the real app that carry its cookie. Every call of one client shares that session, so
 * a sign-out or a password change through it is seen by its next call; take a second client for
 * a second session.
 */
export async function signedInClient(
  app: FastifyInstance,
  user: { id: string },
  options: { remember?: boolean } = {},
): Promise<SignedInClient> {
  const { token } = await signIn(app.deps.db, user, options);
  return clientOfSession(app, token);
}

/** Calls through the real app that carry the cookie of the session `token`. */
function clientOfSession(app: FastifyInstance, token: string): SignedInClient {
  const cookie = `${sessionCookieName}=${token}`;
  const inject = (request: InjectOptions) =>
    app.inject({ ...request, headers: { ...request.headers, cookie } });
  const withBody =
    (method: 'POST' | 'PUT' | 'PATCH') => (url: string, payload?: Payload, rest?: CallOptions) =>
      inject({ ...rest, method, url, ...(payload === undefined ? {} : { payload }) });
  return {
    cookie,
    token,
    inject,
    get: (url, rest) => inject({ ...rest, method: 'GET', url }),
    delete: (url, rest) => inject({ ...rest, method: 'DELETE', url }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
  };
}

export interface SignedInUser extends SignedInClient {
  /** The user as stored, with the plain password (see `createUser`). */
  user: TestUser;
}

/** A new user (see `createUser`, whose fields `fields` overrides) and a client signed in as them. */
export async function createSignedInUser(
  app: FastifyInstance,
  fields: Parameters<typeof createUser>[1] = {},
): Promise<SignedInUser> {
  const user = await createUser(app.deps.db, fields);
  return { ...(await signedInClient(app, user)), user };
}

/**
 * Signs in through the sign-in form's call, `POST /api/auth/login`, as a browser does; the answer
 * as it comes. `credentials` goes as the body unchecked, so a test can send it incomplete.
 */
export function login(
  app: FastifyInstance,
  credentials: { username?: string; password?: string; remember?: boolean },
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, method: 'POST', url: '/api/auth/login', payload: credentials });
}

/** Signs in through the form (see `login`), which must succeed, and answers a client of that session. */
export async function loginClient(
  app: FastifyInstance,
  credentials: { username: string; password: string },
): Promise<SignedInClient> {
  const answer = await login(app, credentials);
  expect(answer.statusCode, answer.body).toBe(200);
  const token = answer.cookies.find((cookie) => cookie.name === sessionCookieName)?.value;
  if (!token) throw new Error('The sign-in answer set no session cookie');
  return clientOfSession(app, token);
}

/** The same for a browser: the session cookie is set on the context before the first page. */
export async function signInBrowser(
  context: BrowserContext,
  baseUrl: string,
  db: Db,
  user: { id: string },
  options: { userAgent?: string } = {},
) {
  const { token } = await signIn(db, user, options);
  await context.addCookies([
    { name: sessionCookieName, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}

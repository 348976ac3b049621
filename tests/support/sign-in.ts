import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BrowserContext } from 'playwright-core';
import type { Db } from '../../src/server/db/database.ts';
import { createSession, sessionCookieName } from '../../src/server/modules/auth/sessions.ts';

/**
 * Signs a user in without the login form: a real session row, and the cookie that names it.
 * Use the result as the `cookie` header of `app.inject()`.
 */
export async function signIn(db: Db, user: { id: string }, options: { remember?: boolean } = {}) {
  const { token } = await createSession(db, user.id, {
    remember: options.remember ?? false,
    now: new Date(),
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
  const { cookie, token } = await signIn(app.deps.db, user, options);
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

/** The same for a browser: the session cookie is set on the context before the first page. */
export async function signInBrowser(
  context: BrowserContext,
  baseUrl: string,
  db: Db,
  user: { id: string },
) {
  const { token } = await signIn(db, user);
  await context.addCookies([
    { name: sessionCookieName, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}

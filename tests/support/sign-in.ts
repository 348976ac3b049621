import type { BrowserContext } from 'playwright-core';
import type { Db } from '../../src/server/db/database.ts';
import { createSession, sessionCookieName } from '../../src/server/modules/auth/sessions.ts';

/**
 * Signs a user in without the login form: a real session row, and the cookie that names it.
 * Use the result as the `cookie` header of `app.inject()`.
 */
export async function signIn(db: Db, user: { id: string }, options: { remember?: boolean } = {}) {
  const { token } = await createSession(db, user.id, { remember: options.remember ?? false });
  return { cookie: `${sessionCookieName}=${token}`, token };
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

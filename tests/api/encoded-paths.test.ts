import { randomUUID } from 'node:crypto';
import type { TestUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { sendRaw } from '../support/raw-http.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The router decodes a path before matching it, so `/%61pi/admin/users` reaches the handler of
 * `/api/admin/users`. Every registered route is called over a real socket (the request line is
 * sent as written, which `inject` would normalise) in the forms an attacker would try, and each
 * must answer as its plain path does, or 400/404: never a 2xx where the plain path refuses, and
 * never a 5xx.
 */

/** Sends one request exactly as written and answers its status. */
async function rawStatus(
  port: number,
  method: string,
  target: string,
  cookie?: string,
): Promise<number> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  const request = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    ...(hasBody ? ['Content-Type: application/json', 'Content-Length: 2'] : []),
    '',
    hasBody ? '{}' : '',
  ].join('\r\n');
  const answer = await sendRaw(port, request, { timeoutMs: 10_000 });
  if (answer.status === undefined) {
    throw new Error(`${method} ${target}: no status line in ${JSON.stringify(answer.text)}`);
  }
  return answer.status;
}

const escape = (character: string, upper: boolean) => {
  const hex = character.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** The ways of writing one path that a router might take for it. */
function disguises(port: number, path: string): Record<string, string> {
  const [, prefix = '', rest = ''] = /^\/(api|objects)(.*)$/.exec(path) ?? [];
  const letters = [...path];
  return {
    'first letter escaped': `/${escape(prefix[0]!, false)}${prefix.slice(1)}${rest}`,
    'last letter escaped': `/${prefix.slice(0, -1)}${escape(prefix.at(-1)!, false)}${rest}`,
    'escaped twice': `/%25${escape(prefix[0]!, false).slice(1)}${prefix.slice(1)}${rest}`,
    'every letter escaped, mixed case': letters
      .map((character, index) =>
        /[a-z]/i.test(character) ? escape(character, index % 2 === 0) : character,
      )
      .join(''),
    'leading double slash': `/${path}`,
    'inner double slash': `/${prefix}/${rest}`,
    'trailing dot segment': `${path}/.`,
    'inner dot segment': `/${prefix}/.${rest}`,
    'absolute form': `http://127.0.0.1:${port}${path}`,
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

describe('the access rule holds however a path is written', () => {
  test('answers every route in every disguise as its plain path, or 400/404, never 5xx', async ({
    app,
    port,
    admin,
    creator,
  }) => {
    const routes = app.apiRoutes.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    const callers: Record<string, TestUser | undefined> = {
      anonymous: undefined,
      creator: creator.user,
      admin: admin.user,
    };
    const failures: string[] = [];
    let compared = 0;
    for (const route of routes) {
      const path = route.url.replace(/:[^/]+/g, () => randomUUID()).replace('*', 'x');
      for (const [who, user] of Object.entries(callers)) {
        // A fresh session per call: the logout route ends the session it is given.
        const cookie = async () => (user ? (await signIn(app.deps.db, user)).cookie : undefined);
        const plain = await rawStatus(port, route.method, path, await cookie());
        if (plain >= 500) failures.push(`${route.method} ${path} as ${who}: plain path ${plain}`);
        for (const [form, target] of Object.entries(disguises(port, path))) {
          const status = await rawStatus(port, route.method, target, await cookie());
          compared++;
          const allowed =
            status < 500 &&
            (status === plain || status === 400 || status === 404) &&
            !(isSuccess(status) && !isSuccess(plain));
          if (!allowed) {
            failures.push(
              `${route.method} ${target} (${form}) as ${who}: ${status}, plain ${plain}`,
            );
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    // Thirty requests over real sockets for each route and caller: its time grows with the routes.
  }, 120_000);

  test('refuses an anonymous administrator account created through an escaped prefix', async ({
    baseUrl,
    db,
  }) => {
    const payload = JSON.stringify({
      username: 'x_admin',
      email: 'x@x.example',
      password: 'x-pass-123',
      isAdmin: true,
    });
    const response = await fetch(`${baseUrl}/%61pi/admin/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'auth.sign_in_required',
      message: 'Please sign in to continue.',
    });
    const created = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'x_admin')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  test('answers an unknown API path in any spelling with JSON, not a page', async ({ baseUrl }) => {
    for (const path of ['/api/no-such-thing', '/%61pi/no-such-thing', '/%6fbjects/no-such-file']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });
});

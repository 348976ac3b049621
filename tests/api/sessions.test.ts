import { createUser } from '../support/factories.ts';
import { test, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, login, loginClient, signedInClient } from '../support/sign-in.ts';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

interface Listed {
  id: string;
  current: boolean;
  userAgent: string | null;
  browser: string | null;
  os: string | null;
  lastSeenAt: string;
  createdAt: string;
}
const itemsOf = (answer: { json(): unknown }) => (answer.json() as { items: Listed[] }).items;

describe('GET /api/auth/sessions', () => {
  test("lists the person's sessions with their devices, this one marked, nobody else's", async ({
    app,
    clock,
  }) => {
    await createUser(app.deps.db, { username: 'maria', password: 'maria-pass' });
    const other = await createSignedInUser(app);
    clock.set('2026-11-20T09:00:00.000Z');
    const onPhone = await login(
      app,
      { username: 'maria', password: 'maria-pass' },
      { headers: { 'user-agent': phone } },
    );
    expect(onPhone.statusCode).toBe(200);
    clock.set('2026-11-20T10:00:00.000Z');
    const onLaptop = await loginClient(app, { username: 'maria', password: 'maria-pass' });
    await onLaptop.inject({ method: 'GET', url: '/api/auth/user' });

    const answer = await onLaptop.get('/api/auth/sessions', { headers: { 'user-agent': laptop } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const items = itemsOf(answer);
    expect(items).toHaveLength(2);
    // The most recently used first: the one asking.
    expect(items[0]).toMatchObject({
      current: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-20T10:00:00.000Z',
    });
    expect(items[1]).toMatchObject({
      current: false,
      userAgent: phone,
      browser: 'Chrome',
      os: 'Android',
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    expect(new Set(items.map((item) => item.id)).size).toBe(2);
    // Nothing that opens a session is shown.
    expect(answer.body).not.toContain(onLaptop.token);
    expect(answer.body).not.toContain(other.token);

    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  test('moves the last use forward when a session is used, at most every five minutes', async ({
    app,
    clock,
  }) => {
    clock.set('2026-11-20T09:00:00.000Z');
    await createUser(app.deps.db, { username: 'lucas', password: 'lucas-pass' });
    const client = await loginClient(app, { username: 'lucas', password: 'lucas-pass' });
    clock.set('2026-11-20T09:03:00.000Z');
    expect(itemsOf(await client.get('/api/auth/sessions'))[0]!.lastSeenAt).toBe(
      '2026-11-20T09:00:00.000Z',
    );
    clock.set('2026-11-20T09:30:00.000Z');
    await client.get('/api/auth/user');
    expect(itemsOf(await client.get('/api/auth/sessions'))[0]!.lastSeenAt).toBe(
      '2026-11-20T09:30:00.000Z',
    );
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  test("ends one of one's own sessions there and then; a repeat is no error", async ({ app }) => {
    const user = await createUser(app.deps.db);
    const here = await signedInClient(app, user);
    const there = await signedInClient(app, user);
    const thereId = itemsOf(await here.get('/api/auth/sessions')).find((item) => !item.current)!.id;

    const ended = await here.delete(`/api/auth/sessions/${thereId}`);
    expect(ended.statusCode).toBe(204);
    expect(ended.cookies).toHaveLength(0);
    expect((await there.get('/api/auth/user')).statusCode).toBe(401);
    expect((await here.get('/api/auth/user')).statusCode).toBe(200);
    expect(itemsOf(await here.get('/api/auth/sessions'))).toHaveLength(1);

    // A double tap, or another tab that ended it first.
    expect((await here.delete(`/api/auth/sessions/${thereId}`)).statusCode).toBe(204);
  });

  test("cannot end someone else's session, however its id is written", async ({ app }) => {
    const victim = await createUser(app.deps.db);
    const victimClient = await signedInClient(app, victim);
    const victimId = itemsOf(await victimClient.get('/api/auth/sessions'))[0]!.id;
    const attacker = await createSignedInUser(app);

    for (const id of [victimId, encodeURIComponent(victimId), victimId.toUpperCase()]) {
      expect((await attacker.delete(`/api/auth/sessions/${id}`)).statusCode).toBe(204);
    }
    const parallel = await Promise.all(
      Array.from({ length: 50 }, () => attacker.delete(`/api/auth/sessions/${victimId}`)),
    );
    expect(parallel.every((answer) => answer.statusCode === 204)).toBe(true);
    expect((await victimClient.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${victimId}` })).statusCode,
    ).toBe(401);
    expect((await victimClient.get('/api/auth/user')).statusCode).toBe(200);
  });

  test('ending the current session signs out and clears the cookie', async ({ app }) => {
    const user = await createUser(app.deps.db);
    const client = await signedInClient(app, user);
    const [current] = itemsOf(await client.get('/api/auth/sessions'));
    const ended = await client.delete(`/api/auth/sessions/${current!.id}`);
    expect(ended.statusCode).toBe(204);
    expect(ended.cookies).toMatchObject([{ name: 'sid', value: '' }]);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  test('ends every other session of the person and keeps this one; a repeat ends none', async ({
    app,
  }) => {
    const user = await createUser(app.deps.db);
    const here = await signedInClient(app, user);
    const others = await Promise.all([1, 2, 3].map(() => signedInClient(app, user)));
    const bystander = await createSignedInUser(app);

    const answer = await here.post('/api/auth/sessions/revoke-others');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ended: 3 });
    for (const other of others) expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await here.get('/api/auth/user')).statusCode).toBe(200);
    expect((await bystander.get('/api/auth/user')).statusCode).toBe(200);

    const again = await here.post('/api/auth/sessions/revoke-others');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ended: 0 });
  });
});

describe('POST /api/admin/users/{id}/sessions/revoke', () => {
  test("an administrator ends all of someone's sessions; others may not", async ({ app }) => {
    const creator = await createUser(app.deps.db);
    const sessions = await Promise.all([1, 2].map(() => signedInClient(app, creator)));
    const admin = await createSignedInUser(app, { isAdmin: true });
    const peer = await createSignedInUser(app);

    const refused = await peer.post(`/api/admin/users/${creator.id}/sessions/revoke`);
    expect(refused.statusCode).toBe(403);
    expect((await sessions[0]!.get('/api/auth/user')).statusCode).toBe(200);

    const answers = await Promise.all([
      admin.post(`/api/admin/users/${creator.id}/sessions/revoke`),
      admin.post(`/api/admin/users/${encodeURIComponent(creator.id)}/sessions/revoke`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.json<{ ended: number }>().ended, 0)).toBe(
      2,
    );
    for (const session of sessions) {
      expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    }

    const unknown = await admin.post('/api/admin/users/no-such-user/sessions/revoke');
    expect(unknown.statusCode).toBe(404);
  });

  test('on their own account, the administrator keeps the session asking', async ({ app }) => {
    const admin = await createSignedInUser(app, { isAdmin: true });
    const elsewhere = await signedInClient(app, admin.user);
    const answer = await admin.post(`/api/admin/users/${admin.user.id}/sessions/revoke`);
    expect(answer.json()).toEqual({ ended: 1 });
    expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
    expect((await admin.get('/api/auth/user')).statusCode).toBe(200);
  });
});

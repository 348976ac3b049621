import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createApplication, createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, signedInClient } from '../support/sign-in.ts';

/**
 * No one can pass for someone else in a list (decision 0040): a username is kept in NFKC form,
 * refuses invisible characters, and is unique under Unicode's look-alike comparison, on every
 * way a username is chosen — an administrator's new account or edit, one's own rename, and the
 * account an approved application makes.
 */

const test = base.extend('demoAdmin', ({ db }) =>
  createUser(db, { username: 'demo_admin', email: 'demo@agency.example', isAdmin: true }),
);

/** Names that show as "demo_admin" or as one of its capitalisations, and what each is refused with. */
const lookAlikes: [string, string, string][] = [
  ['two zero-width spaces after it', 'demo_admin\u200b\u200b', 'user.username_invisible'],
  ['a zero-width joiner inside', 'demo\u200d_admin', 'user.username_invisible'],
  ['a right-to-left mark', '\u200fdemo_admin', 'user.username_invisible'],
  ['a Cyrillic "а"', 'demo_\u0430dmin', 'user.username_taken'],
  ['a Cyrillic "е" and "о"', 'd\u0435m\u043e_admin', 'user.username_taken'],
  ['fullwidth letters', '\uff44\uff45\uff4d\uff4f_admin', 'user.username_taken'],
  ['capitals', 'Demo_Admin', 'user.username_taken'],
  ['all capitals', 'DEMO_ADMIN', 'user.username_taken'],
  ['capitals with a Cyrillic "Е"', 'D\u0415MO_ADMIN', 'user.username_taken'],
  ['a zero for the "o"', 'dem0_admin', 'user.username_taken'],
  ['"rn" for the "m"', 'demo_adrnin', 'user.username_taken'],
];

function expectRefusedAs(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode, response.body).toBe(code === 'user.username_taken' ? 409 : 400);
  const body = response.json<{ code: string; message: string; issues: unknown[] }>();
  expect(body).toEqual({
    code,
    message: expect.any(String),
    issues: [{ path: ['username'], code, message: body.message }],
  });
}

describe('a name that looks like someone else’s is refused', () => {
  test('for an administrator’s new account, and no account is made', async ({
    admin,
    db,
    demoAdmin,
  }) => {
    const before = await db.selectFrom('users').select('id').execute();
    for (const [, username, code] of lookAlikes) {
      const response = await admin.post('/api/admin/users', {
        username,
        email: `${randomUUID()}@example.com`,
        password: 'secret-123',
      });
      expectRefusedAs(response, code);
    }
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    expect(demoAdmin.username).toBe('demo_admin');
  });

  test('for one’s own rename, and for an administrator’s edit; the name stays', async ({
    admin,
    creator,
    db,
    demoAdmin,
  }) => {
    for (const [, username, code] of lookAlikes) {
      expectRefusedAs(await creator.put('/api/user/profile', { username }), code);
      const edit = await admin.put(`/api/admin/users/${creator.user.id}`, {
        username,
        email: creator.user.email,
        firstName: null,
        lastName: null,
        isAdmin: false,
      });
      expectRefusedAs(edit, code);
    }
    const names = await db
      .selectFrom('users')
      .select('username')
      .where('id', 'in', [creator.user.id, demoAdmin.id])
      .execute();
    expect(names.map((row) => row.username).sort()).toEqual(
      [creator.user.username, 'demo_admin'].sort(),
    );
  });

  test('a name that only resembles in part is free, and a fullwidth one is kept in plain form', async ({
    creator,
    demoAdmin,
  }) => {
    expect(demoAdmin.username).toBe('demo_admin');
    const renamed = await creator.put('/api/user/profile', { username: 'demo_admin_fan' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fullwidth = await creator.put('/api/user/profile', {
      username: '\uff2c\uff55\uff43\uff41\uff53',
    });
    expect(fullwidth.statusCode, fullwidth.body).toBe(200);
    expect(fullwidth.json()).toMatchObject({ username: 'Lucas' });
  });

  test('an approved application’s account takes a name that looks like no one’s', async ({
    admin,
    db,
    demoAdmin,
  }) => {
    expect(demoAdmin.username).toBe('demo_admin');
    // The name an approval makes comes from the email: "dem0_admin" would pass for demo_admin.
    const application = await createApplication(db, { email: 'dem0_admin@example.com' });
    const response = await admin.put(`/api/admin/applications-v2/${application.id}/status`, {
      status: 'approved',
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = await db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'dem0_admin@example.com')
      .executeTakeFirstOrThrow();
    expect(created.username).toBe('dem0_admin_2');
  });

  test('when several people take look-alike names at once, exactly one gets it', async ({
    app,
    db,
  }) => {
    const names = lookAlikes
      .filter(([, , code]) => code === 'user.username_taken')
      .map(([, username]) => username);
    const people = await Promise.all(names.map(() => createUser(db)));
    const clients = await Promise.all(people.map((person) => signedInClient(app, person)));
    const answers = await Promise.all(
      clients.map((client, n) => client.put('/api/user/profile', { username: names[n] })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expectRefusedAs(answer, 'user.username_taken');
    }
  });

  test('the same burst of new accounts from administrators: one made, the others refused', async ({
    app,
    db,
  }) => {
    const admin = await createSignedInUser(app, { isAdmin: true });
    const names = lookAlikes
      .filter(([, , code]) => code === 'user.username_taken')
      .map(([, username]) => username);
    const answers = await Promise.all(
      names.map((username) =>
        admin.post('/api/admin/users', {
          username,
          email: `${randomUUID()}@example.com`,
          password: 'secret-123',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 201)) {
      expectRefusedAs(answer, 'user.username_taken');
    }
    // Whichever name won is stored in its NFKC form (a fullwidth winner is kept in plain letters).
    const storedForms = [...new Set(names.map((username) => username.normalize('NFKC')))];
    const made = await db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', [...names, ...storedForms])
      .execute();
    expect(made).toHaveLength(1);
  });
});

describe('accounts written by another tool, without a skeleton', () => {
  // An import or a benchmark's seed writes rows straight into the table, leaving the column's
  // default; the rule still holds for every account the app writes beside them.
  test('do not stop each other, and a look-alike of an account the app wrote is still refused', async ({
    admin,
    db,
    demoAdmin,
  }) => {
    for (const username of ['imported_one', 'imported_two']) {
      const now = new Date().toISOString();
      await sql`insert into users (id, username, email, password_hash, is_admin, preferred_language, created_at, updated_at)
        values (${randomUUID()}, ${username}, ${`${username}@example.com`}, 'not-a-password', ${false}, 'en', ${now}, ${now})`.execute(
        db,
      );
    }

    const made = await admin.post('/api/admin/users', {
      username: 'new_creator',
      email: `${randomUUID()}@example.com`,
      password: 'secret-123',
    });
    expect(made.statusCode, made.body).toBe(201);
    expectRefusedAs(
      await admin.post('/api/admin/users', {
        username: 'NEW_CREATOR',
        email: `${randomUUID()}@example.com`,
        password: 'secret-123',
      }),
      'user.username_taken',
    );
    expectRefusedAs(
      await admin.post('/api/admin/users', {
        username: 'dem0_admin',
        email: `${randomUUID()}@example.com`,
        password: 'secret-123',
      }),
      'user.username_taken',
    );
    expect(demoAdmin.username).toBe('demo_admin');
  });
});

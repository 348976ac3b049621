import type { FastifyInstance, LightMyRequestResponse as Answer } from 'fastify';
import type { Db } from '../../src/server/db/database.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { login, signedInClient } from '../support/sign-in.ts';

/** A sign-in through the form from `remoteAddress`. */
const signInFrom = (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress: string,
) => login(app, { username, password }, { remoteAddress });

/** `count` sign-ins sent all at once, answered in the order they were sent. */
const burst = (count: number, send: (index: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(index)));

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
};

/** One of many addresses in a block of its own: `10.<block>.x.y`. */
const addressIn = (block: number, index: number) =>
  `10.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const fifteenMinutes = 15 * 60;

/** For 100 passwords checked against one account: they are checked one after another. */
const slowBurst = { timeout: 60_000 };
const tooManyMessage = {
  code: 'auth.too_many_attempts',
  params: { count: 15 },
  message:
    'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
};

/** A 429 that says to wait out the whole window, as it should just after the failures. */
function expectBlockedForTheWindow(answer: Answer) {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(fifteenMinutes - 60);
  expect(retryAfter).toBeLessThanOrEqual(fifteenMinutes);
  expect(answer.json()).toEqual(tooManyMessage);
  expect(answer.cookies).toEqual([]);
}

/** Moves every recorded failure out of the window, as if fifteen minutes had passed. */
const letTheWindowPass = (db: Db) =>
  db
    .updateTable('signInFailures')
    .set({ failedAt: new Date(Date.now() - fifteenMinutes * 1000 - 1000).toISOString() })
    .execute();

const failuresWhere = (db: Db, column: 'accountKey' | 'address', value: string) =>
  db
    .selectFrom('signInFailures')
    .select('id')
    .where(column, '=', value)
    .execute()
    .then((rows) => rows.length);

describe('failed sign-in limits', () => {
  test('5 failures from one address block that address for the account, not the owner on their own device', async ({
    app,
    db,
  }) => {
    const maria = await createUser(db, { password: 'correct-horse' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom(app, maria.email, 'guess', '10.1.0.1')).statusCode).toBe(401);
    }
    // The stranger's address is held back, even with the right password...
    expectBlockedForTheWindow(
      await signInFrom(app, maria.username.toUpperCase(), 'correct-horse', '10.1.0.1'),
    );
    // ...while Maria, from her own address, signs in.
    expect((await signInFrom(app, maria.username, 'correct-horse', '10.1.0.2')).statusCode).toBe(
      200,
    );

    // Once the failures are older than the window, the first address may try again.
    await letTheWindowPass(db);
    expect((await signInFrom(app, maria.username, 'correct-horse', '10.1.0.1')).statusCode).toBe(
      200,
    );
  });

  test(
    '100 failures for one account across many addresses block it from every address',
    slowBurst,
    async ({ app, db }) => {
      const user = await createUser(db, { password: 'correct-horse' });
      // 100 claims can never exceed the account's ceiling of 100, so every password is checked.
      const answers = await burst(100, (index) =>
        signInFrom(app, user.username, 'guess', addressIn(6, index)),
      );
      expect(tally(answers)).toEqual({ 401: 100 });
      expectBlockedForTheWindow(await signInFrom(app, user.username, 'correct-horse', '10.7.0.1'));

      await letTheWindowPass(db);
      expect((await signInFrom(app, user.username, 'correct-horse', '10.7.0.1')).statusCode).toBe(
        200,
      );
    },
  );

  test('limits an unknown name exactly like a real account', async ({ app }) => {
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push((await signInFrom(app, 'no-such-person', 'guess', '10.2.0.1')).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signInFrom(app, 'No-Such-Person', 'guess', '10.2.0.2')).statusCode).toBe(401);
  });

  test('a successful sign-in takes back its own attempt only: the failures before it still count', async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    for (let attempt = 0; attempt < 4; attempt++)
      await signInFrom(app, user.username, 'guess', '10.3.0.1');
    expect((await signInFrom(app, user.username, 'correct-horse', '10.3.0.1')).statusCode).toBe(
      200,
    );
    // The four guesses and one more make five from this address: the sixth waits, right or not.
    expect((await signInFrom(app, user.username, 'guess', '10.3.0.1')).statusCode).toBe(401);
    expectBlockedForTheWindow(await signInFrom(app, user.username, 'correct-horse', '10.3.0.1'));
    expect(await failuresWhere(db, 'accountKey', user.id)).toBe(5);
  });

  test('after 30 failures from one address, every further attempt from it gets 429', async ({
    app,
    db,
  }) => {
    const maria = await createUser(db, { password: 'correct-horse' });
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await signInFrom(app, `someone-${attempt}`, 'guess', '10.4.0.1');
      expect(response.statusCode).toBe(401);
    }
    expectBlockedForTheWindow(await signInFrom(app, maria.username, 'correct-horse', '10.4.0.1'));
    // Another address is not affected.
    expect((await signInFrom(app, maria.username, 'correct-horse', '10.4.0.2')).statusCode).toBe(
      200,
    );
  });

  test('limits guessing the current password from a signed-in session too', async ({ app, db }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    const client = await signedInClient(app, user);
    const change = (currentPassword: string) =>
      client.put(
        '/api/user/password',
        { currentPassword, newPassword: 'new-password' },
        { remoteAddress: '10.5.0.1' },
      );
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await change('guess')).statusCode).toBe(400);
    const blocked = await change('correct-horse');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(fifteenMinutes - 60);
  });
});

describe('guesses sent all at once', () => {
  test('100 parallel guesses at one account from one address get exactly 5 passwords checked', async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    const answers = await burst(100, () => signInFrom(app, user.username, 'guess', '10.10.0.1'));
    expect(tally(answers)).toEqual({ 401: 5, 429: 95 });
    for (const answer of answers.filter((answer) => answer.statusCode === 429)) {
      expectBlockedForTheWindow(answer);
    }
    // Each checked password left one failure; the refused ones left nothing.
    expect(await failuresWhere(db, 'accountKey', user.id)).toBe(5);
  });

  test('parallel sign-ins with the right password from one address all get in', async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    const answers = await burst(20, () =>
      signInFrom(app, user.username, 'correct-horse', '10.14.0.1'),
    );
    expect(tally(answers)).toEqual({ 200: 20 });
    expect(await failuresWhere(db, 'accountKey', user.id)).toBe(0);
  });

  test('the right password among guesses opens no room for more guesses', async ({ app, db }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    for (let attempt = 0; attempt < 4; attempt++)
      await signInFrom(app, user.username, 'guess', '10.15.0.1');
    expect((await signInFrom(app, user.username, 'correct-horse', '10.15.0.1')).statusCode).toBe(
      200,
    );
    // One guess was left under the limit of 5, and the sign-in gave none back.
    const answers = await burst(10, () => signInFrom(app, user.username, 'guess', '10.15.0.1'));
    expect(tally(answers)).toEqual({ 401: 1, 429: 9 });

    // In one burst, right passwords and guesses mixed: still no more than 5 guesses checked.
    const other = await createUser(db, { password: 'correct-horse' });
    const mixed = await burst(60, (index) =>
      signInFrom(app, other.username, index % 2 ? 'correct-horse' : 'guess', '10.15.0.2'),
    );
    const counts = tally(mixed);
    expect(counts[401]).toBe(5);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(55);
    expect(await failuresWhere(db, 'accountKey', other.id)).toBe(5);
  });

  test('the right password in a burst from one address does not get in once the limit is spent', async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { password: 'correct-horse' });
    const answers = await burst(100, (index) =>
      signInFrom(app, user.username, index === 60 ? 'correct-horse' : 'guess', '10.11.0.1'),
    );
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expectBlockedForTheWindow(answers[60]!);
  });

  test(
    '200 parallel guesses at one account from 200 addresses get exactly 100 passwords checked',
    slowBurst,
    async ({ app, db }) => {
      const user = await createUser(db, { password: 'correct-horse' });
      const answers = await burst(200, (index) =>
        signInFrom(app, user.username, 'guess', addressIn(12, index)),
      );
      expect(tally(answers)).toEqual({ 401: 100, 429: 100 });
      expect(await failuresWhere(db, 'accountKey', user.id)).toBe(100);
    },
  );

  test('80 different names from one address in parallel get exactly 30 passwords checked', async ({
    app,
    db,
  }) => {
    const answers = await burst(80, (index) =>
      signInFrom(app, `stranger-${index}`, 'guess', '10.13.0.1'),
    );
    expect(tally(answers)).toEqual({ 401: 30, 429: 50 });
    expect(await failuresWhere(db, 'address', '10.13.0.1')).toBe(30);
  });
});

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';

test.override('appEnv', ({ smtp }) => ({ SMTP_URL: smtp.url }));

const requestReset = (app: FastifyInstance, username: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { username },
    remoteAddress,
  });

const oneHour = 60 * 60;

const sameAnswer = {
  message:
    'If an account matches what you entered, we have sent it a link to choose a new password. The link is valid for one hour.',
};

/** Reset links are made only for mails that go out: one row per mail. */
const linksMailedTo = (db: Db, userId: string) =>
  db.selectFrom('passwordResetTokens').select('id').where('userId', '=', userId).execute();

/** Moves every counted request out of the hour, as if it had passed. */
const letAnHourPass = (db: Db) =>
  db
    .updateTable('rateLimitEvents')
    .set({ occurredAt: new Date(Date.now() - oneHour * 1000 - 1000).toISOString() })
    .execute();

describe('forgotten-password limits', () => {
  test('answers the sixth request in an hour from one address with 429, Retry-After and a clear message', async ({
    app,
    db,
    smtp,
  }) => {
    const user = await createUser(db);
    // Known and unknown names count alike, so the limit tells nothing about accounts.
    for (const name of ['nobody-1', user.email, 'nobody-2', 'nobody-3', 'nobody-4']) {
      const response = await requestReset(app, name, '10.20.0.1');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(sameAnswer);
    }
    await smtp.nextMail();

    for (const name of ['nobody-5', user.email]) {
      const blocked = await requestReset(app, name, '10.20.0.1');
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(oneHour - 60);
      expect(retryAfter).toBeLessThanOrEqual(oneHour);
      expect(blocked.json()).toEqual({
        code: 'auth.too_many_reset_requests',
        params: { count: 60 },
        message:
          'Too many password reset requests from your network. Please wait 60 minutes and try again.',
      });
    }

    // Another address is not held back by this one.
    expect((await requestReset(app, 'nobody-6', '10.20.0.2')).statusCode).toBe(202);

    // An hour later the address may ask again, and the mail goes out.
    await letAnHourPass(db);
    expect((await requestReset(app, user.email, '10.20.0.1')).statusCode).toBe(202);
    expect((await smtp.nextMail()).to).toEqual([user.email]);
  });

  test('mails one account at most 3 times an hour, answering further requests the same', async ({
    app,
    db,
    smtp,
  }) => {
    const user = await createUser(db, { email: 'inbox@example.com' });
    const answers = [];
    // From five addresses, so only the account's limit is in play.
    for (let request = 0; request < 5; request++) {
      const response = await requestReset(app, user.username, `10.21.0.${request}`);
      answers.push([response.statusCode, response.json()]);
    }
    expect(answers).toEqual(Array.from({ length: 5 }, () => [202, sameAnswer]));
    const mails = [await smtp.nextMail(), await smtp.nextMail(), await smtp.nextMail()];
    expect(mails.map((mail) => mail.to)).toEqual([[user.email], [user.email], [user.email]]);
    // Three links made, not five.
    expect(await linksMailedTo(db, user.id)).toHaveLength(3);

    // An hour later the account can be mailed again.
    await letAnHourPass(db);
    expect((await requestReset(app, user.username, '10.21.0.9')).statusCode).toBe(202);
    expect((await smtp.nextMail()).to).toEqual([user.email]);
    expect(await linksMailedTo(db, user.id)).toHaveLength(4);
  });

  test('50 parallel requests from one address get exactly 5 through', async ({ app, db }) => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        requestReset(app, `nobody-at-once-${index}`, '10.22.0.1'),
      ),
    );
    const through = answers.filter((answer) => answer.statusCode !== 429);
    expect(through.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    for (const blocked of answers.filter((answer) => answer.statusCode === 429)) {
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(oneHour - 60);
      expect(retryAfter).toBeLessThanOrEqual(oneHour);
    }
    // Only what got through is counted: a refused request leaves nothing behind.
    const counted = await db
      .selectFrom('rateLimitEvents')
      .select('id')
      .where('key', '=', '10.22.0.1')
      .execute();
    expect(counted).toHaveLength(5);
  });

  test('20 parallel requests for one account from 20 addresses mail it exactly 3 times', async ({
    app,
    db,
    smtp,
  }) => {
    const user = await createUser(db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        requestReset(app, user.email, `10.23.0.${index + 1}`),
      ),
    );
    // The answer never tells: every one is the usual 202.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(202));
    expect(await linksMailedTo(db, user.id)).toHaveLength(3);
    for (let mail = 0; mail < 3; mail++) {
      expect((await smtp.nextMail()).to).toEqual([user.email]);
    }
  });
});

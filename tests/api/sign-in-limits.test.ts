import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
let maria: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  maria = await createUser(testApp.app.db, { password: 'correct-horse' });
});
afterAll(() => testApp.close());

const login = (username: string, password: string, remoteAddress: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });

const fifteenMinutes = 15 * 60;

describe('failed sign-in limits', () => {
  it('after 5 failures for one account, even the right password gets 429 with Retry-After', async () => {
    // From several addresses: the account limit holds whoever is guessing.
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await login(maria.email, 'guess', `10.1.0.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(maria.username.toUpperCase(), 'correct-horse', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(fifteenMinutes - 60);
    expect(retryAfter).toBeLessThanOrEqual(fifteenMinutes);
    expect(blocked.json()).toEqual({
      message:
        'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
    });
    expect(blocked.cookies).toEqual([]);

    // Once the failures are older than the window, the right password works again.
    await testApp.app.db
      .updateTable('signInFailures')
      .set({ failedAt: new Date(Date.now() - fifteenMinutes * 1000 - 1000).toISOString() })
      .execute();
    expect((await login(maria.username, 'correct-horse', '10.1.0.99')).statusCode).toBe(200);
  });

  it('limits an unknown name exactly like a real account', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push((await login('no-such-person', 'guess', `10.2.0.${attempt}`)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a successful sign-in starts the count afresh', async () => {
    const user = await createUser(testApp.app.db, { password: 'correct-horse' });
    for (let attempt = 0; attempt < 4; attempt++) await login(user.username, 'guess', '10.3.0.1');
    expect((await login(user.username, 'correct-horse', '10.3.0.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(user.username, 'guess', '10.3.0.1')).statusCode).toBe(401);
    }
  });

  it('after 30 failures from one address, every further attempt from it gets 429', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login(`someone-${attempt}`, 'guess', '10.4.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(maria.username, 'correct-horse', '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(maria.username, 'correct-horse', '10.4.0.2')).statusCode).toBe(200);
  });

  it('limits guessing the current password from a signed-in session too', async () => {
    const user = await createUser(testApp.app.db, { password: 'correct-horse' });
    const { cookie } = await signIn(testApp.app.db, user);
    const change = (currentPassword: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: { cookie },
        payload: { currentPassword, newPassword: 'new-password' },
        remoteAddress: '10.5.0.1',
      });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await change('guess')).statusCode).toBe(400);
    const blocked = await change('correct-horse');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

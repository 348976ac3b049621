import type { FastifyInstance, LightMyRequestResponse as Answer } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createPasswordLink } from '../../src/server/modules/auth/service.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { describe, expect, test, type TestClock } from '../support/fixtures.ts';
import { login, signedInClient, type SignedInClient } from '../support/sign-in.ts';

/** The code an authenticator app shows for `secret` at the app's time. */
const codeAt = (secret: string, clock: TestClock) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });

/** On to the next 30-second step, whose code has not been used yet. */
const nextStep = (clock: TestClock) => clock.advance(30_000);

const challengeOf = (answer: Answer) =>
  answer.cookies.find((cookie) => cookie.name === 'sign_in_challenge');
const sessionOf = (answer: Answer) => answer.cookies.find((cookie) => cookie.name === 'sid');

/** The code step of a sign-in, from the browser holding `challenge`. */
const finishWith = (
  app: FastifyInstance,
  challenge: string | undefined,
  code: string,
  remoteAddress = '10.60.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { code },
    remoteAddress,
    ...(challenge ? { cookies: { sign_in_challenge: challenge } } : {}),
  });

/** The password step, which must ask for the code: answers the challenge cookie's value. */
async function passwordStep(app: FastifyInstance, user: TestUser, remoteAddress = '10.60.0.1') {
  const answer = await login(
    app,
    { username: user.username, password: user.password },
    { remoteAddress },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ twoFactorRequired: true });
  expect(sessionOf(answer)).toBeUndefined();
  const challenge = challengeOf(answer);
  expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  return challenge!.value;
}

/** Sets up and turns on the authenticator through the API, as the Settings screen does. */
async function turnOn(client: SignedInClient, password: string, clock: TestClock) {
  const setup = await client.post('/api/auth/2fa/setup', { password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  const enable = await client.post('/api/auth/2fa/enable', { code: codeAt(secret, clock) });
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
  // The code that turned it on is taken: the next sign-in needs the next one.
  nextStep(clock);
  return { secret, otpauthUrl, recoveryCodes };
}

/** Maria, a creator with a password, and a session of hers. */
async function maria(app: FastifyInstance) {
  const user = await createUser(app.deps.db, { username: 'maria', password: 'correct-horse' });
  return { user, client: await signedInClient(app, user) };
}

const failuresOf = (db: Db, userId: string) =>
  db
    .selectFrom('signInFailures')
    .select('id')
    .where('accountKey', '=', userId)
    .execute()
    .then((rows) => rows.length);

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
};

const tooManyMessage = {
  code: 'auth.too_many_attempts',
  params: { count: 15 },
  message:
    'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
};

const wrongCode = {
  code: 'auth.two_factor_code_wrong',
  message:
    'That code is not right or was already used. Enter the current code from your authenticator app, or one of your recovery codes.',
};

const challengeInvalid = {
  code: 'auth.two_factor_challenge_invalid',
  message: 'This sign-in has expired or was already finished. Please enter your password again.',
};

describe('setting up the authenticator', () => {
  test('a secret with its otpauth address, in force once a code confirms it, with ten recovery codes', async ({
    app,
    db,
    clock,
  }) => {
    const { user, client } = await maria(app);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: false, setupRequired: false },
    });
    const { secret, otpauthUrl, recoveryCodes } = await turnOn(client, 'correct-horse', clock);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*maria\?.*secret=/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: true, setupRequired: false },
    });

    // Neither the secret nor a recovery code is stored as it was shown.
    const stored = JSON.stringify([
      await db.selectFrom('twoFactorSecrets').selectAll().where('userId', '=', user.id).execute(),
      await db
        .selectFrom('twoFactorRecoveryCodes')
        .selectAll()
        .where('userId', '=', user.id)
        .execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  test('refuses a set-up without the right password, and writes nothing', async ({ app, db }) => {
    const { user, client } = await maria(app);
    const wrong = await client.post('/api/auth/2fa/setup', { password: 'guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'user.current_password_wrong',
      issues: [{ path: ['password'], code: 'user.current_password_wrong' }],
    });
    const missing = await client.post('/api/auth/2fa/setup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      issues: [{ path: ['password'], code: 'auth.password_required' }],
    });
    expect(
      await db
        .selectFrom('twoFactorSecrets')
        .select('userId')
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([]);
    // A wrong password counts as a failed sign-in does.
    expect(await failuresOf(db, user.id)).toBe(1);
  });

  test('refuses a wrong first code, and the factor is not in force', async ({ app, clock }) => {
    const { user, client } = await maria(app);
    const notStarted = await client.post('/api/auth/2fa/enable', { code: '123456' });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ code: 'auth.two_factor_not_started' });

    const { secret } = (
      await client.post('/api/auth/2fa/setup', { password: 'correct-horse' })
    ).json<{
      secret: string;
    }>();
    const right = codeAt(secret, clock);
    const wrong = await client.post('/api/auth/2fa/enable', {
      code: right === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      ...wrongCode,
      issues: [{ path: ['code'], ...wrongCode }],
    });
    const empty = await client.post('/api/auth/2fa/enable', { code: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'auth.two_factor_code_required' });

    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: false },
    });
    // Signing in still takes the password alone.
    const signIn = await login(app, { username: user.username, password: 'correct-horse' });
    expect(signIn.statusCode).toBe(200);
    expect(sessionOf(signIn)).toBeDefined();

    // A set-up asked again before it is confirmed answers the same secret.
    const again = await client.post('/api/auth/2fa/setup', { password: 'correct-horse' });
    expect(again.json()).toMatchObject({ secret });
  });

  test('a repeated "enable" with the same code answers success without the codes; anything else once on is 409', async ({
    app,
    clock,
  }) => {
    const { client } = await maria(app);
    const { secret } = (
      await client.post('/api/auth/2fa/setup', { password: 'correct-horse' })
    ).json<{
      secret: string;
    }>();
    const code = codeAt(secret, clock);
    const [first, second] = await Promise.all([
      client.post('/api/auth/2fa/enable', { code }),
      client.post('/api/auth/2fa/enable', { code }),
    ]);
    const answers = [first!, second!];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const shown = answers.filter((answer) => 'recoveryCodes' in answer.json<object>());
    expect(shown).toHaveLength(1);
    expect(shown[0]!.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    const repeat = await client.post('/api/auth/2fa/enable', { code });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({});

    nextStep(clock);
    const other = await client.post('/api/auth/2fa/enable', { code: codeAt(secret, clock) });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'auth.two_factor_already_on' });
    const setupAgain = await client.post('/api/auth/2fa/setup', { password: 'correct-horse' });
    expect(setupAgain.statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  test('the password step gives only a challenge; the code step signs in as a sign-in does', async ({
    app,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const { secret } = await turnOn(client, 'correct-horse', clock);

    const challenge = await passwordStep(app, user);
    const finished = await finishWith(app, challenge, codeAt(secret, clock));
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({
      username: 'maria',
      isAdmin: false,
      user: expect.objectContaining({
        id: user.id,
        twoFactor: { enabled: true, setupRequired: false },
      }),
      previousSignInAt: null,
    });
    const session = sessionOf(finished);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The challenge is spent: its cookie goes.
    expect(challengeOf(finished)?.value).toBe('');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { sid: session!.value },
    });
    expect(me.json()).toMatchObject({ id: user.id });
  });

  test('a code is taken once: the same code again is refused, the next one works', async ({
    app,
    db,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const { secret } = await turnOn(client, 'correct-horse', clock);
    const code = codeAt(secret, clock);
    expect((await finishWith(app, await passwordStep(app, user), code)).statusCode).toBe(200);

    const replayed = await finishWith(app, await passwordStep(app, user), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(wrongCode);
    expect(sessionOf(replayed)).toBeUndefined();
    // In the audit log, as a wrong password is (decision 0057).
    expect(
      await db
        .selectFrom('auditEntries')
        .select(['kind', 'actorId', 'actorUsername'])
        .where('kind', '=', 'auth.two_factor_code_wrong')
        .execute(),
    ).toEqual([
      { kind: 'auth.two_factor_code_wrong', actorId: user.id, actorUsername: user.username },
    ]);

    nextStep(clock);
    const challenge = await passwordStep(app, user);
    expect((await finishWith(app, challenge, codeAt(secret, clock))).statusCode).toBe(200);
  });

  test('a challenge is used once, lasts five minutes, and is needed at all', async ({
    app,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const { secret } = await turnOn(client, 'correct-horse', clock);
    const challenge = await passwordStep(app, user);
    expect((await finishWith(app, challenge, codeAt(secret, clock))).statusCode).toBe(200);

    nextStep(clock);
    const twice = await finishWith(app, challenge, codeAt(secret, clock));
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual(challengeInvalid);
    expect(sessionOf(twice)).toBeUndefined();

    const none = await finishWith(app, undefined, codeAt(secret, clock));
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(challengeInvalid);
    expect((await finishWith(app, 'forged', codeAt(secret, clock))).json()).toEqual(
      challengeInvalid,
    );

    const late = await passwordStep(app, user);
    clock.advance(5 * 60 * 1000 + 1000);
    const expired = await finishWith(app, late, codeAt(secret, clock));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(challengeInvalid);

    // A wrong code leaves the challenge for the right one.
    const retried = await passwordStep(app, user);
    expect((await finishWith(app, retried, 'aaaaa-aaaaa')).statusCode).toBe(401);
    expect((await finishWith(app, retried, codeAt(secret, clock))).statusCode).toBe(200);
  });

  test('a recovery code signs in once, typed in any case, with or without its dash', async ({
    app,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const { recoveryCodes } = await turnOn(client, 'correct-horse', clock);
    const [code, other] = recoveryCodes;
    const first = await finishWith(
      app,
      await passwordStep(app, user),
      ` ${code!.toUpperCase().replace('-', '')} `,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await finishWith(app, await passwordStep(app, user), code!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(wrongCode);
    expect((await finishWith(app, await passwordStep(app, user), other!)).statusCode).toBe(200);
  });

  test('a password reset does not pass the second factor by', async ({ app, clock }) => {
    const { user, client } = await maria(app);
    await turnOn(client, 'correct-horse', clock);
    const link = await createPasswordLink(app.deps, {
      userId: user.id,
      validityMs: 60 * 60 * 1000,
      purpose: 'reset',
      language: 'en',
    });
    const token = new URL(link).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'battery-staple' },
    });
    expect(reset.statusCode).toBe(204);
    await passwordStep(app, { ...user, password: 'battery-staple' });
  });
});

describe('wrong codes under the sign-in limits', () => {
  test('100 parallel wrong codes for one account from one address: exactly 5 judged', async ({
    app,
    db,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const { secret } = await turnOn(client, 'correct-horse', clock);
    const challenge = await passwordStep(app, user, '10.61.0.1');
    const right = codeAt(secret, clock);
    const guess = right === '111111' ? '222222' : '111111';
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => finishWith(app, challenge, guess, '10.61.0.1')),
    );
    expect(tally(answers)).toEqual({ 401: 5, 429: 95 });
    for (const answer of answers) {
      if (answer.statusCode === 401) expect(answer.json()).toEqual(wrongCode);
      else {
        expect(answer.json()).toEqual(tooManyMessage);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
      expect(sessionOf(answer)).toBeUndefined();
    }
    expect(await failuresOf(db, user.id)).toBe(5);
    // The right code from that address now waits too, as the right password would.
    expect((await finishWith(app, challenge, right, '10.61.0.1')).statusCode).toBe(429);
  });

  test(
    '150 parallel wrong codes for one account from 150 addresses: exactly 100 judged',
    { timeout: 60_000 },
    async ({ app, db, clock }) => {
      const { user, client } = await maria(app);
      const { secret } = await turnOn(client, 'correct-horse', clock);
      const challenge = await passwordStep(app, user, '10.62.0.1');
      const guess = codeAt(secret, clock) === '111111' ? '222222' : '111111';
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, index) =>
          finishWith(
            app,
            challenge,
            guess,
            `10.63.${Math.floor(index / 250)}.${(index % 250) + 1}`,
          ),
        ),
      );
      expect(tally(answers)).toEqual({ 401: 100, 429: 50 });
      expect(await failuresOf(db, user.id)).toBe(100);
    },
  );
});

describe('turning the factor off', () => {
  test('needs the password and a current code', async ({ app, clock }) => {
    const { user, client } = await maria(app);
    const { secret } = await turnOn(client, 'correct-horse', clock);
    const disable = (body: object) => client.post('/api/auth/2fa/disable', body);

    const noCode = await disable({ password: 'correct-horse' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      issues: [{ path: ['code'], code: 'auth.two_factor_code_required' }],
    });
    const right = codeAt(secret, clock);
    const badCode = await disable({
      password: 'correct-horse',
      code: right === '000000' ? '999999' : '000000',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ code: 'auth.two_factor_code_wrong' });
    const badPassword = await disable({ password: 'guess', code: right });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ code: 'user.current_password_wrong' });
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: true },
    });

    expect((await disable({ password: 'correct-horse', code: right })).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: false },
    });
    // Off already: a repeat changes nothing.
    expect((await disable({ password: 'correct-horse', code: right })).statusCode).toBe(204);
    const signIn = await login(app, { username: user.username, password: 'correct-horse' });
    expect(sessionOf(signIn)).toBeDefined();
  });
});

describe("an administrator resets someone's factor", () => {
  test.override('appEnv', { LOG_LEVEL: 'info' });
  const lines: string[] = [];
  test.override('appOptions', { logStream: { write: (line: string) => void lines.push(line) } });

  test('refused to a creator (403); an administrator turns it off, logged, and the person is mailed', async ({
    app,
    db,
    admin,
    creator,
    clock,
  }) => {
    const { user, client } = await maria(app);
    const listed = async () => {
      const page = await admin.get(`/api/admin/users?q=${user.username}`);
      return (page.json() as { items: { id: string; twoFactorEnabled: boolean }[] }).items.find(
        (item) => item.id === user.id,
      )?.twoFactorEnabled;
    };
    expect(await listed()).toBe(false);
    await turnOn(client, 'correct-horse', clock);
    // The administrators' list says who has a factor to reset.
    expect(await listed()).toBe(true);
    const path = `/api/admin/users/${user.id}/2fa/reset`;

    const byCreator = await creator.post(path);
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json()).toMatchObject({ code: 'auth.admin_only' });
    await passwordStep(app, user);

    expect((await admin.post(path)).statusCode).toBe(204);
    expect(await listed()).toBe(false);
    const mails = await db
      .selectFrom('mailOutbox')
      .select(['subject', 'text'])
      .where('recipient', '=', user.email)
      .execute();
    expect(mails).toEqual([
      expect.objectContaining({ subject: 'Two-step verification was turned off' }),
    ]);
    expect(mails[0]!.text).toContain('An administrator turned off two-step verification');
    const logged = lines
      .map((line) => JSON.parse(line) as { level: number; actorId?: string; subjectId?: string })
      .filter((entry) => entry.subjectId === user.id);
    expect(logged).toEqual([expect.objectContaining({ level: 30, actorId: admin.user.id })]);

    const signIn = await login(app, { username: user.username, password: 'correct-horse' });
    expect(sessionOf(signIn)).toBeDefined();
    // Off already: nothing more happens, no second mail.
    expect((await admin.post(path)).statusCode).toBe(204);
    expect(
      await db.selectFrom('mailOutbox').select('id').where('recipient', '=', user.email).execute(),
    ).toHaveLength(1);
    expect((await admin.post('/api/admin/users/no-such-user/2fa/reset')).statusCode).toBe(404);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  test.override('appEnv', { REQUIRE_ADMIN_2FA: 'true' });

  test('holds an administrator without a factor to its set-up, until it is on', async ({
    app,
    clock,
  }) => {
    const boss = await createUser(app.deps.db, { isAdmin: true, password: 'boss-password' });
    const signIn = await login(app, { username: boss.username, password: 'boss-password' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      user: { twoFactor: { enabled: false, setupRequired: true } },
    });
    const client = await signedInClient(app, boss);

    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/user/me'],
      ['GET', '/api/notifications'],
      ['GET', '/api/admin/dashboard'],
    ] as const) {
      const refused = await client.inject({ method, url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        code: 'auth.two_factor_setup_required',
        message: 'Set up two-step verification before you continue.',
      });
    }
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      id: boss.id,
      twoFactor: { enabled: false, setupRequired: true },
    });
    expect((await client.get('/api/auth/session')).json()).toMatchObject({
      user: { twoFactor: { setupRequired: true } },
    });

    await turnOn(client, 'boss-password', clock);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      twoFactor: { enabled: true, setupRequired: false },
    });
  });

  test('leaves creators as they are, and lets the held administrator sign out', async ({
    app,
    creator,
  }) => {
    expect((await creator.get('/api/dashboard')).statusCode).toBe(200);
    const boss = await createUser(app.deps.db, { isAdmin: true });
    const client = await signedInClient(app, boss);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('the REQUIRE_ADMIN_2FA setting', () => {
  test('is on by default in production only, and can be set either way', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({}).requireAdminTwoFactor).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', REQUIRE_ADMIN_2FA: 'false' }).requireAdminTwoFactor,
    ).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdminTwoFactor).toBe(true);
    expect(() => loadConfig({ REQUIRE_ADMIN_2FA: 'yes' })).toThrow(
      /REQUIRE_ADMIN_2FA: must be true or false/,
    );
  });
});

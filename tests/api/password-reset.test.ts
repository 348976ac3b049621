import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { login, signedInClient } from '../support/sign-in.ts';

/** Mail goes out through a real SMTP server; Maria has an account. */
const test = base.extend('maria', ({ db }) =>
  createUser(db, {
    username: 'maria',
    email: 'maria@example.com',
    password: 'old-password',
    firstName: 'Maria',
  }),
);
test.override('appEnv', ({ smtp }) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Agency <team@agency.example>',
}));

const requestReset = (app: FastifyInstance, username: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username } });

const reset = (app: FastifyInstance, token: string, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

/** Whether the page may offer the form for this link: asked on arrival, the link left unused. */
const check = (app: FastifyInstance, token: string, remoteAddress = '10.30.0.1') =>
  app.inject({
    method: 'GET',
    url: `/api/auth/reset-password?${new URLSearchParams({ token })}`,
    remoteAddress,
  });

const linkIn = (text: string) => {
  const match = /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)&lang=[a-z]{2}/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in:\n${text}`);
  return { link: match[0], token: match[1] };
};

const sameAnswer = {
  message:
    'If an account matches what you entered, we have sent it a link to choose a new password. The link is valid for one hour.',
};

describe('forgotten password', () => {
  test('mails a link by SMTP; the link sets a new password once and ends every session', async ({
    app,
    db,
    smtp,
    maria,
  }) => {
    const sessions = [await signedInClient(app, maria), await signedInClient(app, maria)];

    // Unknown first: it sends nothing, so the first mail to arrive is Maria's.
    const unknown = await requestReset(app, 'nobody@example.com');
    const known = await requestReset(app, 'MARIA@example.com');
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(sameAnswer);
    }

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['maria@example.com']);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.raw).toMatch(/^From: Agency <team@agency\.example>/m);
    // Greeted by first name, as the invitation greets her.
    expect(mail.text).toContain('Hello Maria,');
    expect(mail.text).toContain('within one hour');
    const { link, token } = linkIn(mail.text);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // A reset link, not an invitation: the page keeps the reset wording.
    expect(mail.text).not.toMatch(/[?&]welcome=/);
    expect(mail.html).toContain('<html lang="en">');

    // Only a hash of the token is stored.
    const stored = await db.selectFrom('passwordResetTokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await reset(app, token, '12345');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      code: 'user.new_password_min',
      message: 'New password must be at least 6 characters',
    });

    const done = await reset(app, token, 'brand-new-password');
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');

    for (const session of sessions) {
      expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    }
    expect((await login(app, { username: 'maria', password: 'old-password' })).statusCode).toBe(
      401,
    );
    expect(
      (await login(app, { username: 'maria', password: 'brand-new-password' })).statusCode,
    ).toBe(200);

    const again = await reset(app, token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'auth.reset_link_unusable',
      message: 'This reset link is invalid, already used or expired. Please ask for a new one.',
    });
    expect(smtp.untaken()).toEqual([]);
  });

  test('refuses an expired link and an unknown one', async ({ app, db, smtp, maria }) => {
    await requestReset(app, maria.username);
    const { token } = linkIn((await smtp.nextMail()).text);
    await db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await reset(app, token, 'brand-new-password')).statusCode).toBe(400);
    expect((await reset(app, 'made-up-token', 'brand-new-password')).statusCode).toBe(400);
    // Her password is still the one she had.
    expect(
      (await login(app, { username: maria.username, password: 'brand-new-password' })).statusCode,
    ).toBe(401);
    expect(
      (await login(app, { username: maria.username, password: 'old-password' })).statusCode,
    ).toBe(200);
  });

  test('a check on arrival says whether a link can be used, without using it or telling anything else', async ({
    app,
    db,
    smtp,
    maria,
  }) => {
    await requestReset(app, maria.username);
    const { token } = linkIn((await smtp.nextMail()).text);

    // Checked twice (a reload), the link is still there to set the password with.
    for (let time = 0; time < 2; time++) {
      const usable = await check(app, token);
      expect(usable.statusCode).toBe(200);
      expect(usable.headers['cache-control']).toBe('no-store');
      expect(usable.json()).toEqual({ valid: true });
    }
    expect((await reset(app, token, 'brand-new-password')).statusCode).toBe(204);

    // Used, expired or never made: the same answer, naming nobody.
    const used = await check(app, token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ valid: false });
    await requestReset(app, maria.username);
    const { token: expiring } = linkIn((await smtp.nextMail()).text);
    await db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('usedAt', 'is', null)
      .execute();
    expect((await check(app, expiring)).json()).toEqual({ valid: false });
    expect((await check(app, 'made-up-token')).json()).toEqual({ valid: false });

    // No token, or one longer than any link carries: the page's own words for a bad link.
    for (const url of [
      '/api/auth/reset-password',
      `/api/auth/reset-password?token=${'a'.repeat(201)}`,
    ]) {
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'auth.reset_link_invalid' });
    }
  });

  test('counts the checks from one address: the 31st in an hour is 429 with Retry-After, and writes nothing', async ({
    app,
    db,
  }) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await check(app, `guess-${attempt}`, '10.30.0.9')).statusCode).toBe(200);
    }
    const blocked = await check(app, 'guess-30', '10.30.0.9');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(blocked.json()).toEqual({
      code: 'auth.too_many_link_checks',
      params: { count: 60 },
      message: 'Too many link checks from your network. Please wait 60 minutes and try again.',
    });
    // Another address is not held back by this one.
    expect((await check(app, 'guess-31', '10.30.0.10')).statusCode).toBe(200);
    expect(await db.selectFrom('passwordResetTokens').select('id').execute()).toEqual([]);
  });

  test('writes to the person in their own language, by username when they gave no first name', async ({
    app,
    db,
    smtp,
  }) => {
    const sofia = await createUser(db, {
      username: 'sofia',
      email: 'sofia@example.com',
      preferredLanguage: 'es',
      firstName: null,
    });
    await requestReset(app, sofia.username);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([sofia.email]);
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('Hola, sofia:');
    expect(mail.html).toContain('<html lang="es">');
    // The link opens the page in Spanish too, whatever language the browser last used.
    expect(new URL(linkIn(mail.text).link).searchParams.get('lang')).toBe('es');
  });

  test('a password change voids links mailed before it', async ({ app, db, smtp }) => {
    const user = await createUser(db, { password: 'old-password' });
    await requestReset(app, user.email);
    const { token } = linkIn((await smtp.nextMail()).text);
    const change = await (
      await signedInClient(app, user)
    ).put('/api/user/password', {
      currentPassword: 'old-password',
      newPassword: 'changed-password',
    });
    expect(change.statusCode).toBe(204);
    expect((await reset(app, token, 'attacker-password')).statusCode).toBe(400);
  });

  test('asks for a username or email', async ({ app }) => {
    const response = await requestReset(app, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'auth.login_required',
      message: 'Username or email is required',
    });
  });
});

describe('the outbox, without SMTP_URL', () => {
  test('writes the message as an .eml file under DATA_DIR/outbox', async ({ createApp }) => {
    const local = await createApp();
    const user = await createUser(local.app.deps.db, { email: 'lucas@example.com' });
    const response = await requestReset(local.app, user.email);
    expect(response.statusCode).toBe(202);
    await local.app.close(); // waits for mail still being delivered
    const outbox = path.join(local.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: lucas@example\.com/m);
    expect(eml).toMatch(/^Subject: Reset your password/m);
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
  });
});

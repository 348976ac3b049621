import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;
let maria: TestUser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Agency <team@agency.example>' });
  maria = await createUser(testApp.app.deps.db, {
    username: 'maria',
    email: 'maria@example.com',
    password: 'old-password',
  });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

const requestReset = (username: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username } });

const reset = (token: string, newPassword: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });

const login = (username: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

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
  it('mails a link by SMTP; the link sets a new password once and ends every session', async () => {
    const sessions = [
      await signedInClient(testApp.app, maria),
      await signedInClient(testApp.app, maria),
    ];

    // Unknown first: it sends nothing, so the first mail to arrive is Maria's.
    const unknown = await requestReset('nobody@example.com');
    const known = await requestReset('MARIA@example.com');
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(sameAnswer);
    }

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['maria@example.com']);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.raw).toMatch(/^From: Agency <team@agency\.example>/m);
    expect(mail.text).toContain('Hello maria,');
    expect(mail.text).toContain('within one hour');
    const { link, token } = linkIn(mail.text);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // A reset link, not an invitation: the page keeps the reset wording.
    expect(mail.text).not.toMatch(/[?&]welcome=/);
    expect(mail.html).toContain('<html lang="en">');

    // Only a hash of the token is stored.
    const stored = await testApp.app.deps.db
      .selectFrom('passwordResetTokens')
      .selectAll()
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await reset(token, '12345');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      code: 'user.new_password_min',
      message: 'New password must be at least 6 characters',
    });

    const done = await reset(token, 'brand-new-password');
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');

    for (const session of sessions) {
      expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    }
    expect((await login('maria', 'old-password')).statusCode).toBe(401);
    expect((await login('maria', 'brand-new-password')).statusCode).toBe(200);

    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'auth.reset_link_unusable',
      message: 'This reset link is invalid, already used or expired. Please ask for a new one.',
    });
    expect(smtp.untaken()).toEqual([]);
  });

  it('refuses an expired link and an unknown one', async () => {
    await requestReset('maria');
    const { token } = linkIn((await smtp.nextMail()).text);
    await testApp.app.deps.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await reset(token, 'brand-new-password')).statusCode).toBe(400);
    expect((await reset('made-up-token', 'brand-new-password')).statusCode).toBe(400);
    expect((await login('maria', 'brand-new-password')).statusCode).toBe(200);
  });

  it('writes to the person in their own language', async () => {
    const sofia = await createUser(testApp.app.deps.db, {
      username: 'sofia',
      email: 'sofia@example.com',
      preferredLanguage: 'es',
    });
    await requestReset(sofia.username);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([sofia.email]);
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('Hola, sofia:');
    expect(mail.html).toContain('<html lang="es">');
    // The link opens the page in Spanish too, whatever language the browser last used.
    expect(new URL(linkIn(mail.text).link).searchParams.get('lang')).toBe('es');
  });

  it('a password change voids links mailed before it', async () => {
    const user = await createUser(testApp.app.deps.db, { password: 'old-password' });
    await requestReset(user.email);
    const { token } = linkIn((await smtp.nextMail()).text);
    const change = await (
      await signedInClient(testApp.app, user)
    ).put('/api/user/password', {
      currentPassword: 'old-password',
      newPassword: 'changed-password',
    });
    expect(change.statusCode).toBe(204);
    expect((await reset(token, 'attacker-password')).statusCode).toBe(400);
  });

  it('asks for a username or email', async () => {
    const response = await requestReset('   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'auth.login_required',
      message: 'Username or email is required',
    });
  });
});

describe('the outbox, without SMTP_URL', () => {
  it('writes the message as an .eml file under DATA_DIR/outbox', async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local.app.deps.db, { email: 'lucas@example.com' });
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { username: user.email },
      });
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
    } finally {
      await local.database.remove();
    }
  });
});

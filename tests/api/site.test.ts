import { defaultSiteSettings } from '../../src/domain/site.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';

describe('GET /api/site', () => {
  test('gives neutral defaults and no outside links when nothing is configured', async ({
    app,
  }) => {
    const response = await app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultSiteSettings);
  });

  test('gives the configured identity, outside links and only the configured social profiles', async ({
    createApp,
  }) => {
    const { app } = await createApp({
      SITE_NAME: 'Aurora Talent',
      SITE_LEGAL_ENTITY: 'Aurora Talent Group LLC',
      SITE_TAGLINE: 'Stars, made in Miami.',
      SITE_CITY: 'Fort Lauderdale',
      SITE_CONTACT_EMAIL: 'team@aurora.example',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.com/aurora',
      SOCIAL_X_URL: 'https://x.com/aurora',
      FAN_SITE_URL: 'https://fans.aurora.example',
      SIGNUP_URL: 'https://join.aurora.example/signup',
      SISTER_AUTH_URL: 'https://sister.aurora.example/auth',
      APPLICATION_DOCUMENT_RETENTION_DAYS: '45',
    });
    const response = await app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({
      agencyName: 'Aurora Talent',
      legalEntity: 'Aurora Talent Group LLC',
      tagline: 'Stars, made in Miami.',
      city: 'Fort Lauderdale',
      contactEmail: 'team@aurora.example',
      social: { instagram: 'https://instagram.com/aurora', x: 'https://x.com/aurora' },
      fanSiteUrl: 'https://fans.aurora.example',
      signupUrl: 'https://join.aurora.example/signup',
      sisterAuthUrl: 'https://sister.aurora.example/auth',
      documentRetentionDays: 45,
    });
  });
});

describe('site configuration', () => {
  test('refuses a social profile that is not a web address, naming the variable', () => {
    expect(() => loadConfig({ SOCIAL_TIKTOK_URL: 'tiktok.com/@aurora' })).toThrow(
      /SOCIAL_TIKTOK_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe('the sender of mails', () => {
  // The inbox shows the site's configured name, not a generic "Agency".
  test('is the configured site name, over a real SMTP server, unless MAIL_FROM names another', async ({
    smtp,
    createApp,
  }) => {
    const senderOfAResetMail = async (env: Record<string, string>) => {
      const { app, close } = await createApp({ SMTP_URL: smtp.url, ...env });
      await createUser(app.deps.db, { username: 'sender_check', email: 'sc@example.com' });
      const asked = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { username: 'sc@example.com' },
      });
      expect(asked.statusCode).toBe(202);
      const mail = await smtp.nextMail();
      await close();
      return /^From: (.*)$/m.exec(mail.raw)?.[1];
    };

    expect(await senderOfAResetMail({})).toBe('Creator Agency <no-reply@example.com>');
    expect(await senderOfAResetMail({ SITE_NAME: 'Aurora Talent' })).toBe(
      'Aurora Talent <no-reply@example.com>',
    );
    expect(
      await senderOfAResetMail({ SITE_NAME: 'Aurora Talent', MAIL_FROM: 'team@aurora.example' }),
    ).toBe('Aurora Talent <team@aurora.example>');
    expect(
      await senderOfAResetMail({
        SITE_NAME: 'Aurora Talent',
        MAIL_FROM: 'Bookings <b@a.example>',
      }),
    ).toBe('Bookings <b@a.example>');
    // Four apps, each on a database of its own, one after the other.
  }, 60_000);
});

describe('/apply and /login with a sister site', () => {
  test('send the browser to SISTER_AUTH_URL when it is set', async ({ createApp }) => {
    const { app } = await createApp({ SISTER_AUTH_URL: 'https://sister.example/auth' });
    for (const url of ['/apply', '/login']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('https://sister.example/auth');
    }
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/services');
    expect(sitemap.body).not.toContain('/apply');
  });

  test('stay our own pages when it is not set', async ({ app }) => {
    for (const url of ['/apply', '/login']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers.location, url).toBeUndefined();
      expect(response.statusCode, url).not.toBe(302);
    }
  });
});

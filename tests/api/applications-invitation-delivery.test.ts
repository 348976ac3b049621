import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ApplicationReviewResponse } from '../../src/domain/applications.ts';
import { outboxDir } from '../../src/server/mail/mailer.ts';
import { applicationFields, submitApplication } from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/sign-in.ts';
import { freePort } from '../support/smtp.ts';

/**
 * The approval says what became of the invitation mail (docs/product.md, section 8), so the
 * review dialog never says it failed when it waits in the outbox, nor that it went out when it
 * did not.
 */
async function approveAnApplication(app: FastifyInstance, email: string) {
  const admin = await createSignedInUser(app, { isAdmin: true });
  const submitted = await submitApplication(app, { fields: applicationFields({ email }) });
  expect(submitted.statusCode).toBe(201);
  const approved = await admin.put(
    `/api/admin/applications-v2/${submitted.json<{ id: string }>().id}/status`,
    { status: 'approved' },
  );
  expect(approved.statusCode).toBe(200);
  return approved.json<ApplicationReviewResponse>();
}

const invitationLink =
  /^http:\/\/localhost:3000\/reset-password\?token=[\w-]+&welcome=1&lang=(en|es|pt)$/;

describe('what the approval says of the invitation mail', () => {
  test("'sent' when the mail server took it, with no link to pass on", async ({
    smtp,
    createApp,
  }) => {
    const { app, config } = await createApp({ SMTP_URL: smtp.url });

    const approved = await approveAnApplication(app, 'sent@example.com');
    expect(approved.status).toBe('approved');
    expect(approved.invitationDelivery).toBe('sent');
    expect(approved).not.toHaveProperty('invitationUrl');
    expect((await smtp.nextMail()).to).toEqual(['sent@example.com']);
    expect(fs.existsSync(outboxDir(config.dataDir))).toBe(false);
  });

  test("'outbox' without SMTP_URL: the mail waits in the outbox and the link is handed over", async ({
    app,
    testApp,
  }) => {
    const approved = await approveAnApplication(app, 'outbox@example.com');
    expect(approved.invitationDelivery).toBe('outbox');
    expect(approved.invitationUrl).toMatch(invitationLink);
    expect(fs.readdirSync(outboxDir(testApp.config.dataDir))).toHaveLength(1);
  });

  test("'failed' only when the configured mail server cannot take it, with the link handed over", async ({
    createApp,
  }) => {
    const { app, config } = await createApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });

    const approved = await approveAnApplication(app, 'failed@example.com');
    // The account exists all the same: the failure is the mail's alone.
    expect(approved.status).toBe('approved');
    expect(approved.createdUserId).toEqual(expect.any(String));
    expect(approved.invitationDelivery).toBe('failed');
    expect(approved.invitationUrl).toMatch(invitationLink);
    expect(fs.existsSync(outboxDir(config.dataDir))).toBe(false);
  });

  test('says nothing of an invitation for a decision that makes none', async ({ app, admin }) => {
    const submitted = await submitApplication(app, {
      fields: applicationFields({ email: 'reviewing@example.com' }),
    });
    const reviewing = await admin.put(
      `/api/admin/applications-v2/${submitted.json<{ id: string }>().id}/status`,
      { status: 'under_review' },
    );
    expect(reviewing.statusCode).toBe(200);
    expect(reviewing.json()).not.toHaveProperty('invitationDelivery');
    expect(reviewing.json()).not.toHaveProperty('invitationUrl');
  });
});

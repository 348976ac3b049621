import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationReviewResponse } from '../../src/domain/applications.ts';
import { outboxDir } from '../../src/server/mail/mailer.ts';
import { applicationFields, submitApplication } from '../support/applications.ts';
import { createUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The approval says what became of the invitation mail (docs/product.md, section 8), so the
 * review dialog never says it failed when it waits in the outbox, nor that it went out when it
 * did not.
 */
let testApp: TestApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await testApp.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function approveAnApplication(email: string) {
  const admin = await signedInClient(
    testApp.app,
    await createUser(testApp.app.deps.db, { isAdmin: true }),
  );
  const submitted = await submitApplication(testApp.app, { fields: applicationFields({ email }) });
  expect(submitted.statusCode).toBe(201);
  const approved = await admin.put(
    `/api/admin/applications-v2/${submitted.json<{ id: string }>().id}/status`,
    { status: 'approved' },
  );
  expect(approved.statusCode).toBe(200);
  return approved.json<ApplicationReviewResponse>();
}

/** A local port that nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const invitationLink =
  /^http:\/\/localhost:3000\/reset-password\?token=[\w-]+&welcome=1&lang=(en|es|pt)$/;

describe('what the approval says of the invitation mail', () => {
  it("'sent' when the mail server took it, with no link to pass on", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    testApp = await createTestApp({ SMTP_URL: smtp.url });

    const approved = await approveAnApplication('sent@example.com');
    expect(approved.status).toBe('approved');
    expect(approved.invitationDelivery).toBe('sent');
    expect(approved).not.toHaveProperty('invitationUrl');
    expect((await smtp.nextMail()).to).toEqual(['sent@example.com']);
    expect(fs.existsSync(outboxDir(testApp.config.dataDir))).toBe(false);
  });

  it("'outbox' without SMTP_URL: the mail waits in the outbox and the link is handed over", async () => {
    testApp = await createTestApp();

    const approved = await approveAnApplication('outbox@example.com');
    expect(approved.invitationDelivery).toBe('outbox');
    expect(approved.invitationUrl).toMatch(invitationLink);
    expect(fs.readdirSync(outboxDir(testApp.config.dataDir))).toHaveLength(1);
  });

  it("'failed' only when the configured mail server cannot take it, with the link handed over", async () => {
    testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });

    const approved = await approveAnApplication('failed@example.com');
    // The account exists all the same: the failure is the mail's alone.
    expect(approved.status).toBe('approved');
    expect(approved.createdUserId).toEqual(expect.any(String));
    expect(approved.invitationDelivery).toBe('failed');
    expect(approved.invitationUrl).toMatch(invitationLink);
    expect(fs.existsSync(outboxDir(testApp.config.dataDir))).toBe(false);
  });

  it('says nothing of an invitation for a decision that makes none', async () => {
    testApp = await createTestApp();
    const admin = await signedInClient(
      testApp.app,
      await createUser(testApp.app.deps.db, { isAdmin: true }),
    );
    const submitted = await submitApplication(testApp.app, {
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

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApplicationList } from '../../src/domain/applications.ts';
import { sweepApplicationDocuments } from '../../src/server/modules/applications/service.ts';
import { outboxDir } from '../../src/server/mail/mailer.ts';
import { documentKeyFile, loadDocumentKey } from '../../src/server/storage/document-cipher.ts';
import {
  applicationFields,
  samplePng,
  storedFiles,
  submitApplication,
} from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { createSignedInUser, type SignedInClient } from '../support/sign-in.ts';

const day = 24 * 60 * 60 * 1000;

async function apply(app: FastifyInstance, fields: Record<string, string> = {}) {
  const response = await submitApplication(app, { fields: applicationFields(fields) });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const setStatus = (admin: SignedInClient, id: string, status: string) =>
  admin.put(`/api/admin/applications-v2/${id}/status`, { status });

describe('without a mail server', () => {
  test('hands the invitation link to the administrator and writes the mail to the outbox', async ({
    app,
    testApp,
    admin,
    creator,
  }) => {
    const id = await apply(app, {
      email: 'outbox@example.com',
      language: 'pt',
      firstName: 'Joana',
    });

    const approved = await setStatus(admin, id, 'approved');
    expect(approved.statusCode).toBe(200);
    const { invitationUrl } = approved.json<{ invitationUrl?: string }>();
    expect(invitationUrl).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=[\w-]+&welcome=1&lang=pt$/,
    );

    const outbox = outboxDir(testApp.config.dataDir);
    const [file] = fs.readdirSync(outbox);
    const mail = fs.readFileSync(path.join(outbox, file ?? ''), 'utf8');
    expect(mail).toMatch(/^To: outbox@example\.com/m);
    expect(mail.replace(/=\r?\n/g, '')).toContain(
      new URL(invitationUrl ?? '').searchParams.get('token'),
    );

    // Anyone who is not an administrator never sees the link: the route is for administrators.
    const asCreator = await creator.put(`/api/admin/applications-v2/${id}/status`, {
      status: 'approved',
    });
    expect(asCreator.statusCode).toBe(403);
  });
});

describe('document retention', () => {
  test.override('appEnv', { APPLICATION_DOCUMENT_RETENTION_DAYS: '30' });

  test('deletes the document of a rejected application once the configured days have passed', async ({
    app,
    testApp,
    clock,
    admin,
  }) => {
    clock.set('2026-03-01T10:00:00.000Z');
    const rejected = await apply(app, { email: 'rejected@example.com' });
    const reconsidered = await apply(app, { email: 'reconsidered@example.com' });
    const pending = await apply(app, { email: 'pending@example.com' });
    expect((await setStatus(admin, rejected, 'rejected')).statusCode).toBe(200);
    expect((await setStatus(admin, reconsidered, 'rejected')).statusCode).toBe(200);
    clock.advance(2 * day);
    expect((await setStatus(admin, reconsidered, 'under_review')).statusCode).toBe(200);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(3);

    const documentOf = async (id: string) => {
      const list = await admin.get('/api/admin/applications-v2');
      return list.json<ApplicationList>().items.find((entry) => entry.id === id)?.documentImageUrl;
    };

    clock.set(new Date(Date.parse('2026-03-01T10:00:00.000Z') + 30 * day - 60_000));
    expect(await sweepApplicationDocuments(app.deps)).toEqual({ deleted: 0, abandoned: 0 });
    const stillThere = await documentOf(rejected);
    const shown = await admin.get(stillThere ?? '');
    expect(shown.rawPayload.equals(samplePng)).toBe(true);

    clock.set(new Date(Date.parse('2026-03-01T10:00:00.000Z') + 30 * day + 60_000));
    expect(await sweepApplicationDocuments(app.deps)).toEqual({ deleted: 1, abandoned: 0 });
    expect(await documentOf(rejected)).toBeNull();
    expect(await documentOf(reconsidered)).not.toBeNull();
    expect(await documentOf(pending)).not.toBeNull();
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(2);
    const gone = await admin.get(stillThere ?? '');
    expect(gone.statusCode).toBe(404);
    // The application itself stays, for the record of the decision.
    const row = await app.deps.db
      .selectFrom('applications')
      .select(['status', 'documentFileKey'])
      .where('id', '=', rejected)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', documentFileKey: null });
  });
});

describe('the document key', () => {
  test('is generated once into DATA_DIR, readable by its owner only', async ({ testApp }) => {
    const file = documentKeyFile(testApp.config.dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
  });

  test('warns in production that the key sits beside the data, and keeps the file owner-only', async ({
    testApp,
  }) => {
    const file = documentKeyFile(testApp.config.dataDir);
    const first = fs.readFileSync(file, 'utf8');
    fs.chmodSync(file, 0o644);
    const warnings: string[] = [];
    const key = await loadDocumentKey({
      configured: undefined,
      dataDir: testApp.config.dataDir,
      isProduction: true,
      log: { info: () => {}, warn: (_details, message) => warnings.push(message) },
    });
    // The same key as before: generated once, never replaced.
    expect(key.toString('base64')).toBe(first.trim());
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([
      'The document key file was readable by others; made it owner-only',
      expect.stringContaining('DOCUMENT_ENCRYPTION_KEY is not set'),
    ]);
  });

  test('comes from DOCUMENT_ENCRYPTION_KEY when set, and nothing is written beside the data', async ({
    createApp,
  }) => {
    const { app, config } = await createApp({
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect(fs.existsSync(documentKeyFile(config.dataDir))).toBe(false);
    const admin = await createSignedInUser(app, { isAdmin: true });
    const id = await apply(app);
    const list = await admin.get('/api/admin/applications-v2');
    const url =
      list.json<ApplicationList>().items.find((entry) => entry.id === id)?.documentImageUrl ?? '';
    const shown = await admin.get(url);
    expect(shown.rawPayload.equals(samplePng)).toBe(true);
  });
});

describe('two submissions with one email at the same moment', () => {
  test('keeps one and refuses the other with 409, leaving only its document', async ({
    app,
    db,
    testApp,
  }) => {
    const [a, b] = await Promise.all([
      submitApplication(app, { fields: applicationFields({ email: 'twice@example.com' }) }),
      submitApplication(app, { fields: applicationFields({ email: 'twice@example.com' }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await db.selectFrom('applications').select('id').execute()).toHaveLength(1);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(1);
  });
});

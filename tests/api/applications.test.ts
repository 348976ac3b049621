import fs from 'node:fs';
import path from 'node:path';
import type { MessageCode } from '../../src/domain/messages.ts';
import { englishMessage } from '../../src/server/texts.ts';
import { maxDocumentBytes } from '../../src/domain/applications.ts';
import type { Db } from '../../src/server/db/database.ts';
import { storageDir } from '../../src/server/storage/storage.ts';
import {
  applicationFields,
  documentTooLarge,
  multipartBody,
  pngFile,
  samplePng,
  storedFiles,
  submitApplication,
} from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';

const applications = (db: Db) => db.selectFrom('applications').selectAll().execute();

/** Nothing half-written: no row, and no stored file (neither kept nor temporary). */
async function expectNothingStored({ app, config }: TestApp) {
  expect(await applications(app.deps.db)).toEqual([]);
  expect(storedFiles(config.dataDir)).toEqual([]);
}

describe('POST /api/applications-v2', () => {
  test('stores a valid application in its language, with the document encrypted on disk', async ({
    app,
    db,
    testApp,
  }) => {
    const response = await submitApplication(app);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    const [row] = await applications(db);
    expect(row).toMatchObject({
      id,
      firstName: 'Lucía',
      email: 'lucia@example.com',
      country: 'Spain',
      documentType: 'passport',
      documentFileType: 'image/png',
      heardAboutUs: 'Social Media',
      language: 'es',
      status: 'pending',
    });
    expect(JSON.parse(row?.socialAccounts ?? '')).toEqual([
      {
        network: 'Instagram',
        handle: '@lucia.creates',
        followers: 48_000,
        url: 'https://instagram.com/lucia.creates',
      },
    ]);

    const files = storedFiles(testApp.config.dataDir);
    expect(files).toEqual([row?.documentFileKey]);
    const onDisk = fs.readFileSync(path.join(storageDir(testApp.config.dataDir), files[0] ?? ''));
    expect(onDisk.equals(samplePng)).toBe(false);
    expect(onDisk.includes(samplePng.subarray(0, 16))).toBe(false);
    // Header and tag around ciphertext of the same length as the original.
    expect(onDisk.length).toBe(samplePng.length + 1 + 12 + 16);
  });

  test('keeps a lower-cased email and answers English when no language is sent', async ({
    app,
    db,
  }) => {
    const fields = applicationFields({ email: 'Lucia@Example.COM' });
    delete fields.language;
    delete fields.heardAboutUs;
    expect((await submitApplication(app, { fields })).statusCode).toBe(201);
    expect(await applications(db)).toMatchObject([
      { email: 'lucia@example.com', language: 'en', heardAboutUs: null },
    ]);
  });

  const fieldCases: [string, Record<string, string>, (string | number)[], string][] = [
    ['first name', { firstName: ' ' }, ['firstName'], 'First name is required'],
    ['last name', { lastName: '' }, ['lastName'], 'Last name is required'],
    ['email', { email: 'lucia-at-example' }, ['email'], 'Invalid email address'],
    ['phone', { phone: '' }, ['phone'], 'Phone number is required'],
    ['country', { country: 'Atlantis' }, ['country'], 'Country is required'],
    ['city', { city: '' }, ['city'], 'City is required'],
    ['state', { state: '' }, ['state'], 'State/Province is required'],
    [
      'no social account',
      { socialAccounts: '[]' },
      ['socialAccounts'],
      'At least one social media account is required',
    ],
    [
      'social accounts that are not JSON',
      { socialAccounts: 'instagram' },
      ['socialAccounts'],
      'At least one social media account is required',
    ],
    [
      'platform',
      { socialAccounts: JSON.stringify([{ network: '', handle: '@a', followers: 1 }]) },
      ['socialAccounts', 0, 'network'],
      'Social media platform is required',
    ],
    [
      'handle',
      { socialAccounts: JSON.stringify([{ network: 'TikTok', handle: ' ', followers: 1 }]) },
      ['socialAccounts', 0, 'handle'],
      'Handle is required',
    ],
    [
      'followers',
      { socialAccounts: JSON.stringify([{ network: 'TikTok', handle: '@a', followers: -5 }]) },
      ['socialAccounts', 0, 'followers'],
      'Followers must be a positive number',
    ],
    [
      'document type',
      { documentType: 'library_card' },
      ['documentType'],
      'Document type is required',
    ],
    ['document number', { documentNumber: '' }, ['documentNumber'], 'Document number is required'],
    [
      'personal message',
      { personalMessage: 'Hello, I would like to join.' },
      ['personalMessage'],
      'Personal message must be at least 50 characters',
    ],
  ];

  test.for(fieldCases)(
    'refuses a wrong %s with its message on its path, storing nothing',
    async ([_name, overrides, issuePath, message], { app, testApp }) => {
      const response = await submitApplication(app, {
        fields: applicationFields(overrides),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: MessageCode }>();
      // The code whose English text is the expected message, on the answer and on the field.
      expect(englishMessage(body.code)).toBe(message);
      expect(body).toEqual({
        code: body.code,
        message,
        issues: [{ path: issuePath, code: body.code, message }],
      });
      await expectNothingStored(testApp);
    },
  );

  test('lists every problem at once, the missing document included', async ({ app, testApp }) => {
    const response = await submitApplication(app, {
      fields: applicationFields({ firstName: '', city: '' }),
      file: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: unknown[] }>().issues).toEqual([
      {
        path: ['firstName'],
        code: 'application.first_name_required',
        message: 'First name is required',
      },
      { path: ['city'], code: 'application.city_required', message: 'City is required' },
      {
        path: ['idDocument'],
        code: 'application.id_document_required',
        message: 'ID document is required',
      },
    ]);
    await expectNothingStored(testApp);
  });

  test('accepts a document of exactly 10,485,760 bytes and refuses one byte more with 413', async ({
    app,
    db,
    testApp,
  }) => {
    const atLimit = Buffer.alloc(maxDocumentBytes, 7);
    samplePng.copy(atLimit);
    const accepted = await submitApplication(app, { file: pngFile(atLimit) });
    expect(accepted.statusCode).toBe(201);
    await db.deleteFrom('applications').execute();
    fs.rmSync(storageDir(testApp.config.dataDir), { recursive: true, force: true });

    const overLimit = Buffer.alloc(maxDocumentBytes + 1, 7);
    samplePng.copy(overLimit);
    const refused = await submitApplication(app, { file: pngFile(overLimit) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(documentTooLarge);
    // The rest of the body is read and dropped, so the connection stays usable (refusals.test.ts).
    expect(refused.headers.connection).not.toBe('close');
    await expectNothingStored(testApp);
  });

  test('refuses a text file named .png with 415, whatever type the browser claimed', async ({
    app,
    testApp,
  }) => {
    const response = await submitApplication(app, {
      file: {
        name: 'passport.png',
        type: 'image/png',
        content: Buffer.from('This is not a picture of a passport.\n'),
      },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'application.document_wrong_kind',
      message: 'Please upload a JPEG, PNG, or PDF file.',
      issues: [
        {
          path: ['idDocument'],
          code: 'application.document_wrong_kind',
          message: 'Please upload a JPEG, PNG, or PDF file.',
        },
      ],
    });
    await expectNothingStored(testApp);
  });

  test('recognises JPEG and PDF documents by their first bytes', async ({ app, db }) => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    for (const [content, email] of [
      [jpeg, 'jpeg@example.com'],
      [pdf, 'pdf@example.com'],
    ] as const) {
      const response = await submitApplication(app, {
        fields: applicationFields({ email }),
        // A misleading name and type: the bytes decide.
        file: { name: 'scan.png', type: 'image/png', content },
      });
      expect(response.statusCode).toBe(201);
    }
    const rows = await db
      .selectFrom('applications')
      .select(['email', 'documentFileType'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'jpeg@example.com', documentFileType: 'image/jpeg' },
      { email: 'pdf@example.com', documentFileType: 'application/pdf' },
    ]);
  });

  test('refuses a second application while the first is pending or under review (409)', async ({
    app,
    db,
    testApp,
  }) => {
    expect((await submitApplication(app)).statusCode).toBe(201);
    const again = await submitApplication(app, {
      fields: applicationFields({ email: 'LUCIA@example.com' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'application.already_open',
      message:
        'An application with this email address is already being reviewed. We will contact you by email; there is no need to apply again.',
    });
    expect(await applications(db)).toHaveLength(1);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(1);

    await db.updateTable('applications').set({ status: 'under_review' }).execute();
    expect((await submitApplication(app)).statusCode).toBe(409);

    // Once decided, the person may apply again.
    await db.updateTable('applications').set({ status: 'rejected' }).execute();
    expect((await submitApplication(app)).statusCode).toBe(201);
    expect(await applications(db)).toHaveLength(2);
  });

  test('takes five submissions an hour from one address, then answers 429 with Retry-After', async ({
    app,
    db,
  }) => {
    const address = '198.51.100.7';
    for (let n = 0; n < 5; n++) {
      const response = await submitApplication(app, {
        address,
        fields: applicationFields({ email: `person${n}@example.com` }),
      });
      expect(response.statusCode).toBe(201);
    }
    const sixth = await submitApplication(app, {
      address,
      fields: applicationFields({ email: 'person5@example.com' }),
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      code: 'application.too_many',
      params: { count: 60 },
      message: 'Too many applications from your network. Please wait 60 minutes and try again.',
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await applications(db)).toHaveLength(5);

    // Another address is not affected.
    const other = await submitApplication(app, {
      fields: applicationFields({ email: 'person6@example.com' }),
    });
    expect(other.statusCode).toBe(201);
  });

  test('does not let a visitor dodge the limit by naming another address in X-Forwarded-For', async ({
    app,
  }) => {
    const address = '198.51.100.8';
    for (let n = 0; n < 6; n++) {
      const { payload, headers } = await multipartBody(
        applicationFields({ email: `forwarded${n}@example.com` }),
        pngFile(),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/applications-v2',
        payload,
        headers: { ...headers, 'x-forwarded-for': `192.0.2.${n + 1}` },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(n < 5 ? 201 : 429);
    }
  });

  test('answers 400, not a server error, to a multipart body it cannot read', async ({
    app,
    testApp,
  }) => {
    const unreadable = await app.inject({
      method: 'POST',
      url: '/api/applications-v2',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'no boundary',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({
      code: 'application.unreadable',
      message: 'The form could not be read. Please send it again from the application page.',
    });
    await expectNothingStored(testApp);
  });

  test('refuses a body that is not multipart with 415', async ({ app, testApp }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/applications-v2',
      payload: applicationFields(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'application.not_multipart',
      message: 'Send the application as multipart/form-data: its fields, then the idDocument file.',
    });
    await expectNothingStored(testApp);
  });
});

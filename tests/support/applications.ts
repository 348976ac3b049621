import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { storageDir } from '../../src/server/storage/storage.ts';
import { formBody, pngBytes, type SubmittedFile } from './files.ts';

export type { SubmittedFile } from './files.ts';

/** A filled-in wizard as the browser sends it: every text field, social accounts as JSON text. */
export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Lucía',
    lastName: 'Fernández',
    email: 'lucia@example.com',
    phone: '+34 600 123 456',
    country: 'Spain',
    city: 'Madrid',
    state: 'Madrid',
    socialAccounts: JSON.stringify([
      {
        network: 'Instagram',
        handle: '@lucia.creates',
        followers: 48_000,
        url: 'instagram.com/lucia.creates',
      },
    ]),
    documentType: 'passport',
    documentNumber: 'X1234567',
    personalMessage:
      'I create fitness and lifestyle content and would love the support of a team to grow it.',
    heardAboutUs: 'Social Media',
    language: 'es',
    ...overrides,
  };
}

/** The ID document every test application carries. */
export const samplePng = pngBytes(64, 40, [210, 90, 140]);

export const pngFile = (content: Buffer = samplePng): SubmittedFile => ({
  name: 'passport.png',
  type: 'image/png',
  content,
});

/** The multipart body a browser's FormData makes: the fields in order, then the file. */
export function multipartBody(fields: Record<string, string>, file?: SubmittedFile) {
  return formBody(fields, file ? [{ field: 'idDocument', file }] : []);
}

let addressCounter = 0;
/** A new visitor address each call, so the five-an-hour limit only applies where a test means it. */
export const freshAddress = () => `203.0.113.${(addressCounter++ % 250) + 1}`;

export async function submitApplication(
  app: FastifyInstance,
  options: { fields?: Record<string, string>; file?: SubmittedFile | null; address?: string } = {},
) {
  const { payload, headers } = await multipartBody(
    options.fields ?? applicationFields(),
    options.file === null ? undefined : (options.file ?? pngFile()),
  );
  return app.inject({
    method: 'POST',
    url: '/api/applications-v2',
    payload,
    headers,
    remoteAddress: options.address ?? freshAddress(),
  });
}

/** Every stored file under DATA_DIR/storage (documents at rest and unfinished uploads). */
export function storedFiles(dataDir: string): string[] {
  const root = storageDir(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The answer to an ID document over 10 MB (docs/product.md's text), on the file's field too. */
export const documentTooLarge = {
  code: 'application.document_too_large',
  message: 'Please upload a file smaller than 10MB.',
  issues: [
    {
      path: ['idDocument'],
      code: 'application.document_too_large',
      message: 'Please upload a file smaller than 10MB.',
    },
  ],
};

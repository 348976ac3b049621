import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { demoPng } from '../db/demo-png.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { acceptMultipart, receiveUpload, type UploadRules } from './receive.ts';

const rules: UploadRules = {
  fileField: 'files',
  maxFiles: 3,
  maxFileBytes: 1024 * 1024,
  kinds: ['png', 'jpeg'],
  maxFields: 5,
  maxFieldBytes: 1024,
  messages: {
    notMultipart: 'upload.not_multipart',
    unreadable: 'upload.unreadable',
    tooLarge: 'upload.too_large',
    wrongKind: 'upload.wrong_kind',
    tooManyFiles: 'upload.too_many_files',
  },
};

/** A real Fastify app with one upload route whose sink keeps files in memory and is slow to check the fields. */
async function appWithUploads() {
  const stored = new Map<number, Buffer>();
  let next = 0;
  const app = Fastify();
  await app.register(errorsPlugin);
  acceptMultipart(app);
  app.post('/upload', async (request) => {
    const { fields, files } = await receiveUpload(request, rules, {
      async beforeFiles() {
        await sleep(30);
      },
      async store(bytes: Readable) {
        const chunks: Buffer[] = [];
        for await (const chunk of bytes) chunks.push(chunk as Buffer);
        const id = next++;
        stored.set(id, Buffer.concat(chunks));
        return id;
      },
      async discard(id: number) {
        stored.delete(id);
      },
    });
    return { fields, files: files.map(({ kind, size, fileName }) => ({ kind, size, fileName })) };
  });
  return { app, stored };
}

const boundary = 'test-boundary';
const filePart = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const fieldPart = (name: string, value: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
const end = Buffer.from(`--${boundary}--\r\n`);
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('receiveUpload', () => {
  it('stores every file, recognised by its bytes, with its size', async () => {
    const { app, stored } = await appWithUploads();
    close = () => app.close();
    const png = demoPng(8, 8, [1, 2, 3]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers,
      payload: Buffer.concat([
        fieldPart('note', 'hi'),
        filePart('a.png', png),
        filePart('b.png', png),
        end,
      ]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      fields: { note: 'hi' },
      files: [
        { kind: 'png', size: png.length, fileName: 'a.png' },
        { kind: 'png', size: png.length, fileName: 'b.png' },
      ],
    });
    expect(stored.size).toBe(2);
  });

  it('answers 400 and keeps nothing when the body ends inside a file still waiting its turn', async () => {
    const { app, stored } = await appWithUploads();
    close = () => app.close();
    const png = demoPng(8, 8, [1, 2, 3]);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/upload',
        headers,
        // The body ends in the middle of the file while the fields are still being checked.
        payload: Buffer.concat([fieldPart('note', 'hi'), filePart('a.png', png).subarray(0, 120)]),
      });
      expect(response.statusCode).toBe(400);
    }
    expect(stored.size).toBe(0);
  });

  it('keeps nothing when a later file is of the wrong kind', async () => {
    const { app, stored } = await appWithUploads();
    close = () => app.close();
    const png = demoPng(8, 8, [1, 2, 3]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers,
      payload: Buffer.concat([
        filePart('a.png', png),
        filePart('b.png', Buffer.from('not a picture at all, only words '.repeat(4))),
        end,
      ]),
    });
    expect(response.statusCode).toBe(415);
    const wrongKind = 'This kind of file is not accepted here.';
    expect(response.json()).toEqual({
      code: 'upload.wrong_kind',
      message: wrongKind,
      issues: [{ path: ['files'], code: 'upload.wrong_kind', message: wrongKind }],
    });
    expect(stored.size).toBe(0);
  });
});

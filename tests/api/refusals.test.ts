import { maxDocumentBytes } from '../../src/domain/applications.ts';
import type { Db } from '../../src/server/db/database.ts';
import {
  applicationFields,
  documentTooLarge,
  freshAddress,
  multipartBody,
  pngFile,
  samplePng,
  storedFiles,
} from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';
import { sendRaw } from '../support/raw-http.ts';

/**
 * Refusals reach every client: a server that answers before it has read the body must still
 * read (and drop) the rest, or a client still sending sees a reset connection instead of the
 * status and message. These go over a real socket with Node's fetch, which is the client that
 * used to see EPIPE. Every submission comes from one proxy-named address, so the limit is real.
 */

test.override('appEnv', { TRUST_PROXY: '127.0.0.1' });

async function post(
  baseUrl: string,
  body: Buffer,
  headers: Record<string, string>,
  address = freshAddress(),
) {
  const response = await fetch(`${baseUrl}/api/applications-v2`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': address },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

const postJson = (baseUrl: string, path: string, body: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

const documentOf = (size: number) => {
  const content = Buffer.alloc(size, 3);
  samplePng.copy(content);
  return pngFile(content);
};

const rows = async (db: Db) => db.selectFrom('applications').select('id').execute();

describe('a refused body still gets its answer', () => {
  test('answers the sixth application of the hour with 429 and its message, for files of 1 to 10 MB', async ({
    baseUrl,
    db,
    testApp,
  }) => {
    const address = '198.18.200.1';
    for (let n = 0; n < 5; n++) {
      const { payload, headers } = await multipartBody(
        applicationFields({ email: `limit${n}@example.com` }),
        documentOf(64 * 1024),
      );
      expect((await post(baseUrl, payload, headers, address)).status).toBe(201);
    }
    for (let megabytes = 1; megabytes <= 9; megabytes++) {
      const { payload, headers } = await multipartBody(
        applicationFields({ email: `refused${megabytes}@example.com` }),
        documentOf(megabytes * 1024 * 1024),
      );
      const refused = await post(baseUrl, payload, headers, address);
      expect(refused.status, `${megabytes} MB`).toBe(429);
      expect(refused.body.message).toMatch(/^Too many applications from your network/);
    }
    expect(await rows(db)).toHaveLength(5);
    expect(storedFiles(testApp.config.dataDir)).toHaveLength(5);
  });

  test('answers a declared length over the limit with 413 and its message', async ({
    baseUrl,
    testApp,
  }) => {
    const { payload, headers } = await multipartBody(
      applicationFields(),
      documentOf(maxDocumentBytes + 3 * 1024 * 1024),
    );
    const refused = await post(baseUrl, payload, headers);
    expect(refused).toEqual({
      status: 413,
      body: documentTooLarge,
    });
    expect(storedFiles(testApp.config.dataDir)).toEqual([]);
  });

  test('answers a JSON body over 1 MB with 413, and an anonymous 5 MB body with 401', async ({
    baseUrl,
  }) => {
    const huge = JSON.stringify({ username: 'x'.repeat(5 * 1024 * 1024), password: 'y' });
    const tooLarge = await postJson(baseUrl, '/api/auth/login', huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      code: 'request.too_large',
      message: 'Request body is too large',
    });

    const anonymous = await postJson(baseUrl, '/api/admin/users', huge);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      code: 'auth.sign_in_required',
      message: 'Please sign in to continue.',
    });
  });
});

describe('a JSON body the server will not read', () => {
  test('over 1 MB, gets its 413 every time, the connection kept for the next request', async ({
    baseUrl,
  }) => {
    const tooLarge = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const answers: (number | string)[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      // A reset instead of the answer is what a client used to get about half the time.
      const answer = await postJson(baseUrl, '/api/auth/login', tooLarge).then(
        async (response) => {
          expect(response.headers.get('connection')).not.toBe('close');
          expect(await response.json()).toEqual({
            code: 'request.too_large',
            message: 'Request body is too large',
          });
          return response.status;
        },
        (error: Error) =>
          `${error.message}: ${String((error.cause as Error | undefined)?.message)}`,
      );
      answers.push(answer);
    }
    expect(answers).toEqual(Array(40).fill(413));
  });

  test('nested deeper than 32 levels, gets 400 request.too_deep before it is parsed', async ({
    baseUrl,
  }) => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const tooDeep = {
      code: 'request.too_deep',
      params: { count: 32 },
      message: 'The request nests its data deeper than 32 levels.',
    };
    // A megabyte nested half a million deep, twenty at once, from nobody signed in.
    const deepest = nested(500_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(baseUrl, '/api/auth/login', deepest)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual(tooDeep);
    }
    const justTooDeep = await postJson(baseUrl, '/api/auth/login', nested(33));
    expect(await justTooDeep.json()).toEqual(tooDeep);
    // 32 levels are read, and found to be no sign-in.
    const deepEnough = await postJson(baseUrl, '/api/auth/login', nested(32));
    expect(deepEnough.status).toBe(400);
    expect(await deepEnough.json()).toMatchObject({ code: 'request.invalid' });
    // Brackets inside strings, escaped quotes among them, are text, not nesting.
    const bracketsInText = JSON.stringify({ username: `\\"${'['.repeat(100)}`, password: 'x' });
    const signIn = await postJson(baseUrl, '/api/auth/login', bracketsInText);
    expect(signIn.status).toBe(401);
  });
});

/** Writes a raw request to the server under test (see `sendRaw`). */
const rawExchange = (port: number, request: string | Buffer) =>
  sendRaw(port, request, { timeoutMs: 5_000 });

describe('a malformed multipart body', () => {
  const boundary = 'probe-boundary';
  const part = (name: string, value: string, fileName?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
  const end = `--${boundary}--\r\n`;
  const png = samplePng.toString('latin1');
  const fields = Object.entries(applicationFields())
    .map(([name, value]) => part(name, value))
    .join('');

  const malformed: Record<string, string> = {
    'the file after 21 text fields': `${fields}${Array.from({ length: 8 }, (_, n) => part(`extra${n}`, 'x')).join('')}${part('idDocument', png, 'id.png')}${end}`,
    'a file before the fields': `${part('idDocument', png, 'id.png')}${fields}${end}`,
    'a hundred parts': `${Array.from({ length: 100 }, (_, n) => part(`p${n}`, 'x')).join('')}${end}`,
    'a field of 100 KB': `${part('firstName', 'x'.repeat(100 * 1024))}${fields}${part('idDocument', png, 'id.png')}${end}`,
    'no closing boundary': `${fields}${part('idDocument', png, 'id.png')}`,
    'a file cut off where the body ends': `${fields}--${boundary}\r\nContent-Disposition: form-data; name="idDocument"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n${png.slice(0, 40)}`,
    'the file first and cut off': `--${boundary}\r\nContent-Disposition: form-data; name="idDocument"; filename="id.png"\r\n\r\n${png.slice(0, 40)}`,
    'two files': `${fields}${part('idDocument', png, 'a.png')}${part('idDocument', png, 'b.png')}${end}`,
  };

  test.for(Object.entries(malformed))(
    'gets a 400 at once for %s, stores nothing and does not count against the limit',
    async ([_name, body], { baseUrl, port, db, testApp }) => {
      const address = '198.18.201.1';
      const started = performance.now();
      for (let attempt = 0; attempt < 6; attempt++) {
        const answer = await rawExchange(
          port,
          Buffer.from(
            `POST /api/applications-v2 HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${address}\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
              `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n\r\n${body}`,
            'latin1',
          ),
        );
        expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
      }
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(storedFiles(testApp.config.dataDir)).toEqual([]);
      expect(await rows(db)).toEqual([]);
      // Six refusals from one address, and a real application from it is still welcome.
      const { payload, headers } = await multipartBody(applicationFields(), pngFile());
      expect((await post(baseUrl, payload, headers, address)).status).toBe(201);
    },
  );

  test('gets a 400 for a body without a boundary, storing nothing', async ({ port, testApp }) => {
    const noBoundary = await rawExchange(
      port,
      Buffer.from(
        'POST /api/applications-v2 HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: 5\r\n\r\nhello',
      ),
    );
    expect(noBoundary.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(storedFiles(testApp.config.dataDir)).toEqual([]);
  });
});

describe('a request Node itself cannot read', () => {
  test('gets a 400 in the API error shape, not a reset', async ({ port }) => {
    const { text: answer } = await rawExchange(
      port,
      'GET /api/health\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 'request.unreadable',
      message: 'The request could not be read.',
    });
  });
});

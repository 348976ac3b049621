import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFields, multipartBody, pngFile, storedFiles } from '../support/applications.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => testApp.close());

describe('an upload cut off half-way', () => {
  it('leaves no application and no file', async () => {
    const document = Buffer.alloc(4 * 1024 * 1024, 1);
    pngFile().content.copy(document);
    const { payload, headers } = await multipartBody(applicationFields(), pngFile(document));
    const { port } = testApp.app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/applications-v2',
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    request.on('error', () => {});
    // Half the body, long enough for the document to start streaming into storage, then gone.
    request.write(payload.subarray(0, payload.length / 2));
    await expect.poll(() => storedFiles(testApp.config.dataDir).length, { timeout: 5000 }).toBe(1);
    request.destroy();

    await expect.poll(() => storedFiles(testApp.config.dataDir), { timeout: 5000 }).toEqual([]);
    expect(await testApp.app.deps.db.selectFrom('applications').select('id').execute()).toEqual([]);
  });
});

import http from 'node:http';
import { applicationFields, multipartBody, pngFile, storedFiles } from '../support/applications.ts';
import { describe, expect, test } from '../support/fixtures.ts';

describe('an upload cut off half-way', () => {
  test('leaves no application and no file', async ({ baseUrl, testApp, db }) => {
    const document = Buffer.alloc(4 * 1024 * 1024, 1);
    pngFile().content.copy(document);
    const { payload, headers } = await multipartBody(applicationFields(), pngFile(document));
    const request = http.request(`${baseUrl}/api/applications-v2`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    request.on('error', () => {});
    // Half the body, long enough for the document to start streaming into storage, then gone.
    request.write(payload.subarray(0, payload.length / 2));
    await expect.poll(() => storedFiles(testApp.config.dataDir).length, { timeout: 5000 }).toBe(1);
    request.destroy();

    await expect.poll(() => storedFiles(testApp.config.dataDir), { timeout: 5000 }).toEqual([]);
    expect(await db.selectFrom('applications').select('id').execute()).toEqual([]);
  });
});

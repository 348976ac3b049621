// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiFetch } from './api-fetch.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/ok':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ hello: 'world' }));
        return;
      case '/echo': {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              method: request.method,
              contentType: request.headers['content-type'],
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        });
        return;
      }
      case '/no-content':
        response.writeHead(204);
        response.end();
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Task not found.' }));
        return;
      case '/broken':
        response.writeHead(500);
        response.end();
        return;
      default:
        response.writeHead(418, { 'content-type': 'text/plain' });
        response.end('unexpected path');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch', () => {
  it('resolves to the parsed JSON of an OK answer', async () => {
    await expect(apiFetch<{ hello: string }>(`${base}/ok`)).resolves.toEqual({ hello: 'world' });
  });

  it('sends the json option as a JSON body', async () => {
    const echoed = await apiFetch<{ method: string; contentType: string; body: string }>(
      `${base}/echo`,
      { method: 'POST', json: { username: 'ana' } },
    );
    expect(echoed).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"username":"ana"}',
    });
  });

  it('resolves to undefined for 204 No Content', async () => {
    await expect(apiFetch(`${base}/no-content`, { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('rejects a 404 with the status and body text, keeping the parsed body', async () => {
    const error = await rejectionOf(apiFetch(`${base}/missing`));
    expect(error.message).toBe('404: {"message":"Task not found."}');
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ message: 'Task not found.' });
  });

  it('rejects an empty 500 with the status text', async () => {
    const error = await rejectionOf(apiFetch(`${base}/broken`));
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.status).toBe(500);
    expect(error.body).toBeUndefined();
  });
});

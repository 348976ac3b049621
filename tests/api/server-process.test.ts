import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterEach } from 'vitest';
import { describe, expect, test } from '../support/fixtures.ts';
import { startServerProcess as startServer } from '../support/server-process.ts';

/** Whether a connection to the port is refused (nothing listens there any more). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(true) : reject(error),
    );
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process', () => {
  test('refuses to start on a bad setting and names the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain('PORT: must be a number (got "eighty")');
  });

  test('prints a generated administrator password once when none is configured', async () => {
    const server = startServer({ ADMIN_PASSWORD: '' });
    children.push(server.child);
    await server.listening;
    const printed = /password: (\S+)/.exec(server.output().stdout)?.[1];
    expect(printed).toMatch(/^[\w-]{16}$/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  test('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const server = startServer({});
    children.push(server.child);
    const port = await server.listening;

    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    const [firstHalf, secondHalf] = ['{"half":', '"way"}'];
    socket.write(
      'POST /api/nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${firstHalf.length + secondHalf.length}\r\n\r\n${firstHalf}`,
    );
    // The server logs a request once it has read its head; the body is still to come.
    await expect
      .poll(() => server.output().stdout, { timeout: 10_000 })
      .toMatch(/"method":"POST","url":"\/api\/nowhere".*"msg":"incoming request"/);

    server.child.kill('SIGTERM');
    await expect.poll(() => server.output().stdout, { timeout: 10_000 }).toContain('Shutting down');
    // Closed to new connections, yet still running: it waits for the request in flight.
    await expect.poll(() => refusesConnections(port), { timeout: 10_000 }).toBe(true);
    expect(server.child.exitCode).toBeNull();
    expect(server.output().stdout).not.toContain('Shut down cleanly');
    socket.write(secondHalf);

    expect(await server.exited).toBe(0);
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('"message":"No API endpoint POST /api/nowhere."');
    expect(server.output().stdout).toContain('Shut down cleanly');
    // New connections are no longer accepted.
    expect(await refusesConnections(port)).toBe(true);
  });
});

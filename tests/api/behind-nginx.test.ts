import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { MyTaskDetail } from '../../src/domain/tasks.ts';
import type { Db } from '../../src/server/db/database.ts';
import { sessionCookieName } from '../../src/server/modules/auth/sessions.ts';
import { applicationFields, multipartBody, pngFile } from '../support/applications.ts';
import { notificationIn, openEventStream, publishPay } from '../support/event-stream.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';
import { formBody, mp4Bytes, pngBytes } from '../support/files.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { checkNginxConfig, startNginx } from '../support/nginx.ts';
import { startServerProcess } from '../support/server-process.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Two server processes (as `npm start` runs them) on one PostgreSQL database and one S3 bucket,
 * behind nginx with deploy/nginx.conf: round robin, no sticky sessions (docs/deploy.md).
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T>(): T;
}

/**
 * One request on a connection of its own, from `from` (an address of 127.0.0.0/8: nginx sees it
 * as the client's and names it to the app, which takes it from nginx since TRUST_PROXY names
 * 127.0.0.1).
 */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    from?: string;
  } = {},
): Promise<Answer> {
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          ...options.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          const whole = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: whole,
            json: <T>() => JSON.parse(whole.toString()) as T,
          });
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const tus = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * The deployment: an administrator and a creator (each with a session of their own), the two
 * processes, each on a DATA_DIR of its own (nothing they share is on a disk), and nginx before
 * them. `a` and `b` are each process's own address, `nginx` the one a client uses.
 */
const test = base
  .extend('people', async ({ handle }) => {
    const db: Db = handle.db;
    const admin = await createUser(db, { isAdmin: true });
    const creator = await createUser(db, { firstName: 'Maria' });
    return {
      db,
      admin,
      adminCookie: (await signIn(db, admin)).cookie,
      creator,
      creatorCookie: (await signIn(db, creator)).cookie,
    };
  })
  .extend('processes', async ({ database, s3, people }, { onCleanup }) => {
    // People first: the processes find an administrator, so neither makes one at start-up.
    void people;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-deployment-'));
    const env = {
      DATABASE_URL: database.databaseUrl!,
      ...s3.env,
      TRUST_PROXY: '127.0.0.1',
      // One key for every process: a document one seals, another opens.
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      BACKUP_INTERVAL_HOURS: '0',
      // On Node 20 the AWS SDK warns of its releases after January 2027 (decision 0055).
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const processes = ['a', 'b'].map((name) =>
      startServerProcess({ ...env, DATA_DIR: path.join(root, name) }),
    );
    onCleanup(async () => {
      for (const server of processes) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
        }
      }
      await Promise.all(processes.map((server) => server.exited));
      fs.rmSync(root, { recursive: true, force: true });
    });
    const ports = await Promise.all(processes.map((server) => server.listening));
    return processes.map((server, index) => ({ ...server, address: `127.0.0.1:${ports[index]}` }));
  })
  .extend('deployment', async ({ people, processes }, { onCleanup }) => {
    const upstreams = processes.map((server) => server.address);
    const nginx = await startNginx({ upstreams });
    onCleanup(() => nginx.stop());
    const [a, b] = upstreams.map((address) => `http://${address}`);
    return {
      ...people,
      nginx,
      processes,
      upstreams,
      a: a!,
      b: b!,
      /** The address of the process that is not `upstream` (nginx's name for one, `host:port`). */
      other: (upstream: string) => (upstream === upstreams[0] ? b! : a!),
    };
  });

// Several processes share one database only on PostgreSQL; SQLite is served by one process by
// design (decision 0054), so this file runs in a PostgreSQL run only (vitest.config.ts).
describe('deploy/nginx.conf', () => {
  test('is a configuration nginx accepts, with the addresses a deployment puts in', () => {
    const checked = checkNginxConfig(['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000']);
    expect(checked.output).toContain('test is successful');
    expect(checked.code).toBe(0);
    expect(checked.site).toContain('server 10.0.0.13:3000 max_fails=1 fail_timeout=10s;');
    expect(checked.site).not.toContain('127.0.0.1:300');
  });
});

describe('two server processes behind nginx', () => {
  test(
    'a sign-in, a task file and a resumable upload made through one process go on through the other',
    { timeout: 90_000 },
    async ({ deployment }) => {
      const { nginx, a, b, db, creator } = deployment;

      // Signed in through nginx: the session is good on each process, asked directly, and on
      // both as nginx takes turns.
      const login = await send(`${nginx.url}/api/auth/login`, {
        method: 'POST',
        ...json({ username: creator.username, password: creator.password }),
      });
      expect(login.status, login.body.toString()).toBe(200);
      const session = /sid=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
      const cookie = `${sessionCookieName}=${session}`;
      for (const url of [a, b]) {
        const me = await send(`${url}/api/auth/user`, { headers: { cookie } });
        expect(me.status).toBe(200);
        expect(me.json<{ id: string }>().id).toBe(creator.id);
      }
      const turns = new Set<string>();
      for (let round = 0; round < 4; round++) {
        const me = await send(`${nginx.url}/api/auth/user`, { headers: { cookie } });
        expect(me.status).toBe(200);
        turns.add(await nginx.servedBy(me.headers['x-request-id']));
      }
      expect([...turns].sort()).toEqual([...deployment.upstreams].sort());

      // A photo sent through nginx is downloaded from the other process, whole and by range.
      const task = await createTask(db, { contentType: 'both', maxFiles: 5 });
      await assignTask(db, { taskId: task.id, userId: creator.id, status: 'in_progress' });
      const photo = pngBytes(16, 16, [30, 140, 200]);
      const form = await formBody({}, [
        { field: 'files', file: { name: 'look.png', type: 'image/png', content: photo } },
      ]);
      const sent = await send(`${nginx.url}/api/tasks/${task.id}/upload`, {
        method: 'POST',
        headers: { ...form.headers, cookie },
        body: form.payload,
      });
      expect(sent.status, sent.body.toString()).toBe(200);
      const [file] = sent.json<MyTaskDetail>().uploads;
      const receivedBy = await nginx.servedBy(sent.headers['x-request-id']);
      const fromOther = await send(`${deployment.other(receivedBy)}${file!.fileUrl}`, {
        headers: { cookie },
      });
      expect(fromOther.status).toBe(200);
      expect(fromOther.body.equals(photo)).toBe(true);
      const ranged = await send(`${nginx.url}${file!.fileUrl}`, {
        headers: { cookie, range: 'bytes=4-19' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.body.equals(photo.subarray(4, 20))).toBe(true);

      // A resumable upload begun on one process (half its bytes) is finished on the other.
      const video = Buffer.concat([mp4Bytes(64), randomBytes(3 * 1024 * 1024)]);
      const half = Math.floor(video.length / 2);
      const tusHeaders = { 'tus-resumable': '1.0.0', cookie };
      const created = await send(`${a}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tusHeaders,
          'upload-length': String(video.length),
          'upload-metadata': tus({ taskId: task.id, filename: 'clip.mp4' }),
        },
      });
      expect(created.status, created.body.toString()).toBe(201);
      const location = created.headers.location!;
      const piece = (offset: number, bytes: Buffer) => ({
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      const first = await send(`${a}${location}`, piece(0, video.subarray(0, half)));
      expect(first.status, first.body.toString()).toBe(204);
      const asked = await send(`${b}${location}`, { method: 'HEAD', headers: tusHeaders });
      expect(asked.status).toBe(200);
      expect(asked.headers['upload-offset']).toBe(String(half));
      const finished = await send(`${b}${location}`, piece(half, video.subarray(half)));
      expect(finished.status, finished.body.toString()).toBe(200);
      const clip = finished.json<MyTaskDetail>().uploads.find((u) => u.fileName === 'clip.mp4');
      expect(clip).toMatchObject({ fileSize: video.length });

      // And one sent wholly through nginx, a piece at a time, each piece to whichever process
      // nginx picks: its tus headers pass both ways.
      const overNginx = await send(`${nginx.url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tusHeaders,
          'upload-length': String(video.length),
          'upload-metadata': tus({ taskId: task.id, filename: 'second.mp4' }),
        },
      });
      expect(overNginx.status, overNginx.body.toString()).toBe(201);
      expect(overNginx.headers['tus-resumable']).toBe('1.0.0');
      const where = overNginx.headers.location!;
      const pieceSize = Math.ceil(video.length / 4);
      const pieceTakers = new Set<string>();
      let last: Answer | undefined;
      for (let offset = 0; offset < video.length; offset += pieceSize) {
        const bytes = video.subarray(offset, offset + pieceSize);
        last = await send(`${nginx.url}${where}`, piece(offset, bytes));
        expect(last.status, last.body.toString()).toBeOneOf([200, 204]);
        expect(last.headers['upload-offset']).toBe(String(offset + bytes.length));
        pieceTakers.add(await nginx.servedBy(last.headers['x-request-id']));
      }
      expect(pieceTakers.size).toBe(2);
      const second = last!.json<MyTaskDetail>().uploads.find((u) => u.fileName === 'second.mp4');
      for (const upload of [clip!, second!]) {
        const whole = await send(`${nginx.url}${upload.fileUrl}`, { headers: { cookie } });
        expect(sha256(whole.body)).toBe(sha256(video));
      }
    },
  );

  test(
    "the bell's live stream through nginx hears, at once, what either process does",
    { timeout: 60_000 },
    async ({ deployment }) => {
      const { nginx, creator, creatorCookie, adminCookie } = deployment;
      const stream = await openEventStream(`${nginx.url}/api/notifications/stream`, {
        cookie: creatorCookie,
      });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
        // Each pay published is two requests (record, publish), so nginx's turns put the
        // publications of the two months on both processes between them.
        const admin = {
          post: async (url: string, payload?: object) => {
            const answer = await send(`${nginx.url}${url}`, {
              method: 'POST',
              headers: {
                cookie: adminCookie,
                ...(payload ? { 'content-type': 'application/json' } : {}),
              },
              ...(payload ? { body: JSON.stringify(payload) } : {}),
            });
            return {
              statusCode: answer.status,
              body: answer.body.toString(),
              json: answer.json,
            };
          },
        };
        const seen = new Set<string>();
        for (const month of [3, 4, 5]) {
          await publishPay(admin, creator.id, month);
          const { notification } = await notificationIn(
            stream,
            (notification) => !seen.has(notification.id),
          );
          seen.add(notification.id);
          // One more request, so the next publication falls to the other process.
          expect((await send(`${nginx.url}/api/health`)).status).toBe(200);
        }
        const publishers = new Set(
          nginx
            .lines()
            .filter((line) => line.request.includes('/publish'))
            .map((line) => line.upstreams.at(-1)),
        );
        expect(publishers.size).toBe(2);
      } finally {
        stream.close();
      }
    },
  );

  test(
    'the application limit counts the submissions that reached either process, by the address nginx names',
    { timeout: 60_000 },
    async ({ deployment }) => {
      const { nginx, db } = deployment;
      const submit = async (from: string, email: string) => {
        const { payload, headers } = await multipartBody(applicationFields({ email }), pngFile());
        return send(`${nginx.url}/api/applications-v2`, {
          method: 'POST',
          headers,
          body: payload,
          from,
        });
      };
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => submit('127.0.0.7', `burst${index}@example.com`)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        ...Array<number>(5).fill(201),
        ...Array<number>(7).fill(429),
      ]);
      const takers = await Promise.all(
        answers.map((answer) => nginx.servedBy(answer.headers['x-request-id'])),
      );
      expect(new Set(takers).size).toBe(2);
      expect(await db.selectFrom('applications').select('id').execute()).toHaveLength(5);
      const counted = await db.selectFrom('rateLimitEvents').select('key').execute();
      expect(counted.map((row) => row.key)).toEqual(Array(5).fill('127.0.0.7'));

      // Another client, through the same nginx, has its own five.
      expect((await submit('127.0.0.8', 'another@example.com')).status).toBe(201);
    },
  );

  test(
    'a process killed mid-request loses no acknowledged write, and the other serves on through nginx',
    { timeout: 90_000 },
    async ({ deployment }) => {
      const { nginx, db, creator, adminCookie, creatorCookie, processes } = deployment;
      const created: { status: number; id?: string; title: string }[] = [];
      const reads: number[] = [];
      let writes = 0;
      const writeTask = async () => {
        const title = `Kill test ${writes++}`;
        const answer = await send(`${nginx.url}/api/admin/tasks`, {
          method: 'POST',
          headers: { cookie: adminCookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            title,
            description: 'Written while a process dies',
            dueDate: '2030-01-01',
            assignedUsers: [creator.id],
          }),
        }).catch(() => undefined);
        created.push({
          status: answer?.status ?? 0,
          title,
          ...(answer?.status === 201 ? { id: answer.json<{ id: string }>().id } : {}),
        });
      };
      const read = async () => {
        const answer = await send(`${nginx.url}/api/notifications`, {
          headers: { cookie: creatorCookie },
        }).catch(() => undefined);
        reads.push(answer?.status ?? 0);
      };
      // Eight clients writing and eight reading, without a pause, until a while after the kill.
      let stopAt = Infinity;
      const client = async (work: () => Promise<void>) => {
        while (Date.now() < stopAt) await work();
      };
      const clients = [
        ...Array.from({ length: 8 }, () => client(writeTask)),
        ...Array.from({ length: 8 }, () => client(read)),
      ];
      await expect
        .poll(() => created.filter((w) => w.status === 201).length, { timeout: 30_000 })
        .toBeGreaterThan(10);
      const victim = processes[0]!;
      const linesBefore = nginx.lines().length;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const acknowledgedAtKill = created.filter((w) => w.status === 201).length;
      await expect
        .poll(() => created.filter((w) => w.status === 201).length, { timeout: 30_000 })
        .toBeGreaterThan(acknowledgedAtKill + 20);
      stopAt = Date.now();
      await Promise.all(clients);

      // Every write answered 201 is in the database; the only others are those the killed
      // process held when it died (nginx answers 502: no answer, so not acknowledged).
      const acknowledged = created.filter((w) => w.status === 201);
      const stored = await db.selectFrom('tasks').select(['id', 'title']).execute();
      const storedIds = new Set(stored.map((row) => row.id));
      expect(acknowledged.filter((w) => !storedIds.has(w.id!))).toEqual([]);
      const unanswered = created.filter((w) => w.status !== 201);
      expect(unanswered.every((w) => w.status === 502)).toBe(true);
      expect(unanswered.length).toBeLessThanOrEqual(8);
      // Every read was answered: one cut by the kill went to the other process.
      expect(reads.filter((status) => status !== 200)).toEqual([]);
      const after = nginx.lines().slice(linesBefore);
      const cut = after.filter((line) => line.upstreams.length > 1 || line.status === 502);
      expect(cut.length).toBeGreaterThan(0);
      const victimAddress = deployment.upstreams[0]!;
      expect(
        after
          .filter((line) => line.status === 502)
          .every((line) => line.upstreams.join() === victimAddress),
      ).toBe(true);
      expect(
        after.filter((line) => line.upstreamStatuses.length > 1).every((line) => line.status < 300),
      ).toBe(true);

      // After the kill every request is answered by the survivor.
      const survivor = deployment.upstreams[1]!;
      for (let round = 0; round < 6; round++) {
        const answer = await send(`${nginx.url}/api/notifications`, {
          headers: { cookie: creatorCookie },
        });
        expect(answer.status).toBe(200);
        expect(await nginx.servedBy(answer.headers['x-request-id'])).toBe(survivor);
      }
    },
  );
});

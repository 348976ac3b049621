import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createS3Storage } from '../../src/server/storage/s3-storage.ts';
import { createLocalStorage, type Storage } from '../../src/server/storage/storage.ts';
import { describe, expect, test } from '../support/fixtures.ts';

/**
 * The one contract of stored files (`storage.ts`), held by both stores: the local disk and a
 * real S3-compatible server started by the test (s3rver, decision 0055).
 */

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The failure a promise or stream ends in. */
async function failureOf(work: Promise<unknown>): Promise<NodeJS.ErrnoException> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: NodeJS.ErrnoException) => error,
  );
}

/** `total` bytes of a repeatable pseudo-random sequence, made as they are read, in 64 KiB chunks. */
function generated(total: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the sender went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i += 4) chunk.writeUInt32LE(((sent + i) * 2654435761) >>> 0, i);
      sent += size;
      this.push(chunk);
    },
  });
}

const storeTest = test.extend('stores', async ({ s3 }, { onCleanup }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-storage-'));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  return {
    disk: { storage: createLocalStorage(root), stored: async () => undefined },
    s3: { storage: createS3Storage(s3.settings, s3.client), stored: () => s3.keys() },
  } as Record<string, { storage: Storage; stored: () => Promise<string[] | undefined> }>;
});

describe.each(['disk', 's3'])('stored files on %s', (store) => {
  storeTest('a file is stored, read whole, sized and listed', async ({ stores }) => {
    const { storage } = stores[store]!;
    await storage.put('tasks/t1/a.txt', Readable.from([Buffer.from('hello '), 'world']));
    await storage.put('tasks/t1/thumbs/a.jpg', Readable.from([Buffer.from('small')]));
    await storage.put('tasks/t2/b.txt', Readable.from([Buffer.from('other')]));
    await storage.put('tasks/empty', Readable.from([]));

    expect((await bytesOf(storage.get('tasks/t1/a.txt'))).toString()).toBe('hello world');
    expect(await storage.size('tasks/t1/a.txt')).toBe(11);
    expect(await storage.size('tasks/empty')).toBe(0);

    const direct = await storage.list('tasks/t1');
    expect(direct.map((entry) => entry.key)).toEqual(['tasks/t1/a.txt']);
    const all = await storage.list('tasks', { recursive: true });
    expect(all.map((entry) => entry.key).sort()).toEqual([
      'tasks/empty',
      'tasks/t1/a.txt',
      'tasks/t1/thumbs/a.jpg',
      'tasks/t2/b.txt',
    ]);
    for (const entry of all) {
      expect(Math.abs(entry.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
    expect(await storage.list('nothing-here', { recursive: true })).toEqual([]);
  });

  storeTest('a range is read as the bytes from start to end inclusive', async ({ stores }) => {
    const { storage } = stores[store]!;
    await storage.put('videos/v', generated(300_000));
    const whole = await bytesOf(storage.get('videos/v'));
    // Not 0-0: s3rver answers `bytes=0-0` with the whole object (it reads an end of 0 as none).
    expect(await bytesOf(storage.get('videos/v', { start: 0, end: 1 }))).toEqual(
      whole.subarray(0, 2),
    );
    expect(await bytesOf(storage.get('videos/v', { start: 100_000, end: 200_001 }))).toEqual(
      whole.subarray(100_000, 200_002),
    );
    expect(await bytesOf(storage.get('videos/v', { start: 299_990, end: 299_999 }))).toEqual(
      whole.subarray(299_990),
    );
  });

  storeTest('a deleted file is gone: reading it fails as not found', async ({ stores }) => {
    const { storage, stored } = stores[store]!;
    await storage.put('uploads/doc', Readable.from([Buffer.from('secret')]));
    await storage.delete('uploads/doc');
    expect((await failureOf(storage.size('uploads/doc'))).code).toBe('ENOENT');
    expect((await failureOf(bytesOf(storage.get('uploads/doc')))).code).toBe('ENOENT');
    expect(await storage.list('uploads')).toEqual([]);
    if (store === 's3') expect(await stored()).toEqual([]);
    // Deleting what is already gone is no error.
    await storage.delete('uploads/doc');
  });

  storeTest('a content that fails part-way leaves nothing under its key', async ({ stores }) => {
    const { storage, stored } = stores[store]!;
    // Past one multipart part on S3 (8 MiB), so a multipart upload was under way when it failed.
    const failure = await failureOf(
      storage.put('tasks/t1/broken', generated(20_000_000, 9 * 1024 * 1024)),
    );
    expect(failure.message).toMatch(/went away|aborted|Method/i);
    expect((await failureOf(storage.size('tasks/t1/broken'))).code).toBe('ENOENT');
    expect(await storage.list('tasks', { recursive: true })).toEqual([]);
    if (store === 's3') expect(await stored()).toEqual([]);
  });

  storeTest(
    'a renamed file moves; a linked one has two keys, each deletable',
    async ({ stores }) => {
      const { storage } = stores[store]!;
      await storage.put('incoming/d', Readable.from([Buffer.from('sealed')]));
      await storage.rename('incoming/d', 'uploads/d');
      expect((await failureOf(storage.size('incoming/d'))).code).toBe('ENOENT');
      expect((await bytesOf(storage.get('uploads/d'))).toString()).toBe('sealed');

      await storage.put('resumable-uploads/u', Readable.from([Buffer.from('video')]));
      await storage.link('resumable-uploads/u', 'tasks/t/f');
      expect((await failureOf(storage.link('resumable-uploads/u', 'tasks/t/f'))).code).toBe(
        'EEXIST',
      );
      await storage.delete('resumable-uploads/u');
      expect((await bytesOf(storage.get('tasks/t/f'))).toString()).toBe('video');
      expect((await failureOf(storage.rename('incoming/none', 'uploads/x'))).code).toBe('ENOENT');
    },
  );

  storeTest('keys outside the safe form are refused', async ({ stores }) => {
    const { storage } = stores[store]!;
    await expect(storage.size('../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put('a//b', Readable.from([]))).rejects.toThrow(/Unsafe storage key/);
  });

  storeTest(
    'a 20 MB file streams in and out with the same bytes',
    { timeout: 60_000 },
    async ({ stores, s3 }) => {
      const { storage } = stores[store]!;
      const total = 20 * 1024 * 1024;
      const commands: string[] = [];
      s3.client.middlewareStack.add(
        (next, context) => (args) => {
          commands.push(String(context.commandName));
          return next(args);
        },
        { step: 'initialize' },
      );
      const expected = createHash('sha256');
      for await (const chunk of generated(total)) expected.update(chunk as Buffer);
      await storage.put('tasks/t/big.mp4', generated(total));
      expect(await storage.size('tasks/t/big.mp4')).toBe(total);
      const actual = createHash('sha256');
      for await (const chunk of storage.get('tasks/t/big.mp4')) actual.update(chunk as Buffer);
      expect(actual.digest('hex')).toBe(expected.digest('hex'));
      if (store === 's3') {
        // Sent in 8 MiB parts, never as one body held whole.
        expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
        expect(commands).not.toContain('PutObjectCommand');
      }
    },
  );
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One snapshot is one folder under BACKUP_DIR (decision 0051):
 *
 *   backup-20261126T131500123Z/
 *     manifest.json                 what it holds, with each file's size and SHA-256
 *     database/app.db               SQLite, from its online backup
 *     database/postgres.dump        or PostgreSQL, pg_dump's custom format
 *     files/storage/...             every stored file, as stored (ID documents stay encrypted),
 *                                   from DATA_DIR/storage or the S3 bucket (decision 0055)
 *     files/document-encryption.key only when the key was generated into DATA_DIR
 *
 * It is written as `.partial-backup-…-{pid}` and renamed when complete, so only a finished
 * snapshot ever carries the name `backup-…`.
 */
export const manifestFile = 'manifest.json';
export const snapshotFormat = 'agency-backup/1';
export const sqliteSnapshotFile = 'database/app.db';
export const postgresSnapshotFile = 'database/postgres.dump';
export const storageSnapshotFolder = 'files/storage';
export const documentKeySnapshotFile = 'files/document-encryption.key';

const snapshotName = /^backup-\d{8}T\d{9}Z$/;
const partialName = /^\.partial-(backup-\d{8}T\d{9}Z)-(\d+)$/;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof snapshotFormat;
  /**
   * The run that took it: the database copy holds that run as under way, and a restore marks it
   * as the success it was.
   */
  runId?: string;
  /** When the backup began, and when the database's snapshot was taken (what it holds). */
  startedAt: string;
  databaseAt: string;
  finishedAt: string;
  appVersion: string;
  /** The newest migration applied to the database backed up. */
  schemaVersion: string;
  database: { dialect: 'sqlite' | 'postgres'; file: string; serverVersion?: string };
  counts: Record<string, number>;
  /**
   * `included`: the key was generated into DATA_DIR and is in the snapshot. `environment`: it
   * came from DOCUMENT_ENCRYPTION_KEY and is not; a restore needs it set to read the documents.
   * `none`: no key was made yet (no document was ever stored).
   */
  documentKey: 'included' | 'environment' | 'none';
  /** A check value of the key (not the key), so a restore can tell the right key from another. */
  documentKeyCheck: string;
  bytes: number;
  files: ManifestFile[];
}

export function newSnapshotName(at: Date): string {
  return `backup-${at.toISOString().replace(/[-:.]/g, '')}`;
}

export function partialNameOf(name: string, pid = process.pid): string {
  return `.partial-${name}-${pid}`;
}

export interface SnapshotEntry {
  name: string;
  path: string;
}

/** The finished snapshots in `dir`, newest first (names sort by time). */
export async function listSnapshots(dir: string): Promise<SnapshotEntry[]> {
  const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names
    .filter((name) => snapshotName.test(name) && fs.existsSync(path.join(dir, name, manifestFile)))
    .sort()
    .reverse()
    .map((name) => ({ name, path: path.join(dir, name) }));
}

/**
 * Removes what interrupted backups left in `dir`: partial folders whose process is gone (or
 * older than a day, when written from another machine).
 */
export async function removeAbandonedPartials(dir: string, now = new Date()): Promise<string[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = partialName.exec(name);
    if (!match) continue;
    const pid = Number(match[2]);
    const full = path.join(dir, name);
    const stats = await fs.promises.stat(full).catch(() => undefined);
    if (!stats) continue;
    const old = now.getTime() - stats.mtime.getTime() > 24 * 3600_000;
    if (pid !== process.pid && (old || !isAlive(pid))) {
      await fs.promises.rm(full, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Copies a file (or a stored object's stream) while hashing what is copied; answers the copy's
 * size and SHA-256.
 */
export async function copyHashing(
  from: string | Readable,
  to: string,
  pace?: Pace,
): Promise<ManifestFile> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    typeof from === 'string' ? fs.createReadStream(from, { highWaterMark: 1024 * 1024 }) : from,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        await pace?.(chunk.length);
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(to, { flags: 'wx' }),
  );
  return { path: to, bytes, sha256: hash.digest('hex') };
}

/** Every file under `root`, as paths relative to it with '/' between folders. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.promises
    .readdir(root, { withFileTypes: true, recursive: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** A check value of the document key: a hash of it under a fixed label, never the key. */
export function documentKeyCheck(key: Buffer): string {
  return createHash('sha256')
    .update('agency document key check\n')
    .update(key)
    .digest('hex')
    .slice(0, 16);
}

/** Writes a file's data to the disk before going on (a snapshot must survive a power cut). */
export async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Waits, when needed, before `bytes` more are copied, so that copying keeps to a rate. */
export type Pace = (bytes: number) => Promise<void>;

/**
 * A pace of `bytesPerSecond` over everything copied with it: a copy ahead of the rate waits until
 * the rate has caught up. A backup copies at the pace the disk allows otherwise, and on a small
 * machine that speed is taken from the requests the app serves meanwhile (decision 0051).
 */
export function paceOf(bytesPerSecond: number): Pace {
  const started = performance.now();
  let copied = 0;
  return async (bytes) => {
    copied += bytes;
    const due = started + (copied / bytesPerSecond) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { sqliteFilePath } from '../db/database.ts';
import { appRoot } from '../paths.ts';
import { documentKeyFile } from '../storage/document-cipher.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { storageDir } from '../storage/storage.ts';
import { copySqlite, dumpPostgres, type DatabaseCopy } from './database-copy.ts';
import {
  copyHashing,
  paceOf,
  documentKeyCheck,
  documentKeySnapshotFile,
  filesUnder,
  manifestFile,
  newSnapshotName,
  partialNameOf,
  postgresSnapshotFile,
  removeAbandonedPartials,
  sha256Of,
  snapshotFormat,
  sqliteSnapshotFile,
  storageSnapshotFolder,
  syncFile,
  type Manifest,
  type ManifestFile,
} from './snapshot-format.ts';

export type BackupStage = 'files' | 'database' | 'checking' | 'done';

export interface BackupProgress {
  stage: BackupStage;
  /** Bytes written into the snapshot so far. */
  bytes: number;
  files: number;
}

export interface TakenSnapshot {
  path: string;
  manifest: Manifest;
}

const appVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * Takes one consistent snapshot while the application keeps serving and writing (decision 0051).
 *
 * Stored files are never changed in place (a file is written whole under a new key, renamed or
 * removed), and a row names a file only once the file is there. So the files are copied first,
 * then the database, then the files that appeared meanwhile: every file a row of the database
 * copy names is in the snapshot. Files removed meanwhile stay in it unnamed, as strays.
 */
export async function takeSnapshot(
  config: Config,
  options: {
    documentKey: Buffer | undefined;
    /** The run recording this backup (`backup_runs`), named in the manifest. */
    runId?: string;
    onProgress?: (progress: BackupProgress) => void;
    now?: () => Date;
  },
): Promise<TakenSnapshot> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const dir = config.backups.dir;
  await fs.promises.mkdir(dir, { recursive: true });
  await removeAbandonedPartials(dir, startedAt);
  const name = newSnapshotName(startedAt);
  const partial = path.join(dir, partialNameOf(name));
  await fs.promises.mkdir(partial);
  const progress: BackupProgress = { stage: 'files', bytes: 0, files: 0 };
  const report = (stage: BackupStage) => {
    progress.stage = stage;
    options.onProgress?.({ ...progress });
  };
  try {
    const written: ManifestFile[] = [];
    const { maxBytesPerSecond } = config.backups;
    const pace = maxBytesPerSecond > 0 ? paceOf(maxBytesPerSecond) : undefined;
    const copy = async (from: string | Readable, relative: string) => {
      const entry = await copyHashing(from, path.join(partial, relative), pace);
      written.push({ ...entry, path: relative });
      progress.bytes += entry.bytes;
      progress.files += 1;
      options.onProgress?.({ ...progress });
    };
    const storage = storageDir(config.dataDir);
    // With S3 the objects are listed and streamed from the bucket into the snapshot, recorded
    // with their keys, sizes and checksums as files on the disk are (decision 0055).
    const bucket = config.s3 && createS3Storage(config.s3);
    const storedKeys = async () =>
      bucket
        ? (await bucket.list('', { recursive: true })).map((entry) => entry.key).sort()
        : await filesUnder(storage);
    // The snapshot folder may itself be under DATA_DIR; it is never under storage/.
    const copyStorage = async (already: Set<string>) => {
      for (const key of await storedKeys()) {
        if (already.has(key)) continue;
        already.add(key);
        try {
          const source = bucket ? bucket.get(key) : path.join(storage, key);
          await copy(source, `${storageSnapshotFolder}/${key}`);
        } catch (error) {
          // Removed (or renamed) between the listing and the copy: no row of the database copy
          // can name it under this key, so it is left out, and so is what was begun of it.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          await fs.promises.rm(path.join(partial, storageSnapshotFolder, key), { force: true });
          already.delete(key);
        }
      }
    };
    report('files');
    const copied = new Set<string>();
    await copyStorage(copied);

    report('database');
    let database: DatabaseCopy;
    let databaseFile: string;
    if (config.databaseUrl) {
      databaseFile = postgresSnapshotFile;
      await fs.promises.mkdir(path.join(partial, 'database'), { recursive: true });
      database = await dumpPostgres(config.databaseUrl, path.join(partial, databaseFile));
    } else {
      databaseFile = sqliteSnapshotFile;
      await fs.promises.mkdir(path.join(partial, 'database'), { recursive: true });
      database = await copySqlite(sqliteFilePath(config.dataDir), path.join(partial, databaseFile));
    }
    const databaseStats = await fs.promises.stat(path.join(partial, databaseFile));
    written.unshift({
      path: databaseFile,
      bytes: databaseStats.size,
      sha256: await sha256Of(path.join(partial, databaseFile)),
    });
    progress.bytes += databaseStats.size;

    report('files');
    await copyStorage(copied);

    const keyInDataDir =
      !config.documents.encryptionKey && fs.existsSync(documentKeyFile(config.dataDir));
    if (keyInDataDir) {
      await copy(documentKeyFile(config.dataDir), documentKeySnapshotFile);
      await fs.promises.chmod(path.join(partial, documentKeySnapshotFile), 0o600);
    }

    report('checking');
    for (const file of written) await syncFile(path.join(partial, file.path));
    const manifest: Manifest = {
      format: snapshotFormat,
      ...(options.runId ? { runId: options.runId } : {}),
      startedAt: startedAt.toISOString(),
      databaseAt: database.at.toISOString(),
      finishedAt: now().toISOString(),
      appVersion: appVersion(),
      schemaVersion: database.schemaVersion,
      database: {
        dialect: config.databaseUrl ? 'postgres' : 'sqlite',
        file: databaseFile,
        ...(database.serverVersion ? { serverVersion: database.serverVersion } : {}),
      },
      counts: { ...database.counts, stored_files: copied.size },
      documentKey: config.documents.encryptionKey
        ? 'environment'
        : keyInDataDir
          ? 'included'
          : 'none',
      documentKeyCheck: options.documentKey ? documentKeyCheck(options.documentKey) : '',
      bytes: written.reduce((sum, file) => sum + file.bytes, 0),
      files: written,
    };
    const manifestPath = path.join(partial, manifestFile);
    await fs.promises.writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    await syncFile(manifestPath);
    const finished = path.join(dir, name);
    await fs.promises.rename(partial, finished);
    await syncFile(dir).catch(() => {});
    report('done');
    return { path: finished, manifest };
  } catch (error) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import { sqliteFilePath } from '../db/database.ts';
import { documentKeyFile } from '../storage/document-cipher.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { storageDir } from '../storage/storage.ts';
import { postgresIsEmpty, restorePostgres } from './database-copy.ts';
import {
  documentKeyCheck,
  documentKeySnapshotFile,
  filesUnder,
  manifestFile,
  sha256Of,
  snapshotFormat,
  storageSnapshotFolder,
  type Manifest,
} from './snapshot-format.ts';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Reads a snapshot's manifest and checks every file against it: present, of its size and its
 * SHA-256, and no file the manifest does not name. Refuses with the files that differ.
 */
export async function verifySnapshot(snapshot: string): Promise<Manifest> {
  const manifestPath = path.join(snapshot, manifestFile);
  if (!fs.existsSync(manifestPath)) {
    throw new RestoreRefused(
      `${snapshot} is not a finished snapshot: it has no ${manifestFile} (an interrupted backup leaves none).`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.promises.readFile(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new RestoreRefused(`${manifestPath} is damaged: it is not readable JSON.`);
  }
  if (manifest.format !== snapshotFormat || !Array.isArray(manifest.files)) {
    throw new RestoreRefused(
      `${manifestPath} is not a manifest this version reads (${snapshotFormat}).`,
    );
  }
  const problems: string[] = [];
  const named = new Set(manifest.files.map((file) => file.path));
  for (const file of manifest.files) {
    const full = path.join(snapshot, file.path);
    const stats = await fs.promises.stat(full).catch(() => undefined);
    if (!stats) problems.push(`${file.path}: missing`);
    else if (stats.size !== file.bytes) {
      problems.push(`${file.path}: ${stats.size} bytes, the manifest says ${file.bytes}`);
    } else if ((await sha256Of(full)) !== file.sha256) {
      problems.push(`${file.path}: its checksum differs from the manifest's`);
    }
  }
  for (const file of await filesUnder(snapshot)) {
    if (file !== manifestFile && !named.has(file)) problems.push(`${file}: not in the manifest`);
  }
  if (problems.length > 0) {
    throw new RestoreRefused(
      `The snapshot ${snapshot} is damaged; nothing was restored:\n  ${problems.join('\n  ')}`,
    );
  }
  return manifest;
}

/** What is in DATA_DIR besides the backup folder (when that is inside it). */
async function contentsOf(dataDir: string, backupDir: string): Promise<string[]> {
  const names = await fs.promises.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((name) => path.join(dataDir, name) !== backupDir);
}

export interface RestoreResult {
  manifest: Manifest;
  warnings: string[];
}

/**
 * Brings a snapshot back into an empty DATA_DIR (and, on PostgreSQL, an empty database):
 * verifies it first, refuses a target that holds anything, then writes the database and the
 * files. The server migrates an older schema when it starts on it, as always.
 */
export async function restoreSnapshot(
  config: Config,
  snapshotPath: string,
  options: { documentKey: Buffer | undefined },
): Promise<RestoreResult> {
  const snapshot = path.resolve(snapshotPath);
  const manifest = await verifySnapshot(snapshot);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== dialect) {
    throw new RestoreRefused(
      `The snapshot holds a ${manifest.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ` +
        `database and this configuration uses ${dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite (DATABASE_URL unset)'}.`,
    );
  }
  const warnings: string[] = [];
  const present = await contentsOf(config.dataDir, config.backups.dir);
  if (present.length > 0) {
    throw new RestoreRefused(
      `DATA_DIR ${config.dataDir} is not empty (${present.slice(0, 5).join(', ')}): restore only into an empty folder.`,
    );
  }
  // With S3 the files go back into the configured bucket, which must hold nothing yet.
  const bucket = config.s3 && createS3Storage(config.s3);
  if (bucket) {
    const objects = await bucket.list('', { recursive: true });
    if (objects.length > 0) {
      throw new RestoreRefused(
        `The bucket ${config.s3!.bucket} (S3_BUCKET) is not empty (${objects
          .slice(0, 5)
          .map((entry) => entry.key)
          .join(', ')}): restore only into an empty bucket.`,
      );
    }
  }
  if (config.databaseUrl) {
    const { empty, tables } = await postgresIsEmpty(config.databaseUrl);
    if (!empty) {
      throw new RestoreRefused(
        `The database of DATABASE_URL is not empty (${tables.join(', ')}): restore only into a new, empty database.`,
      );
    }
  }
  if (
    options.documentKey &&
    manifest.documentKey !== 'none' &&
    documentKeyCheck(options.documentKey) !== manifest.documentKeyCheck
  ) {
    throw new RestoreRefused(
      manifest.documentKey === 'environment'
        ? "DOCUMENT_ENCRYPTION_KEY is not the key the snapshot's ID documents were encrypted with: " +
            'set the key that was in use when the snapshot was taken (or unset it to restore without the documents).'
        : "DOCUMENT_ENCRYPTION_KEY is set, but the snapshot's ID documents were encrypted with the key " +
            'generated into DATA_DIR, which the snapshot holds: unset DOCUMENT_ENCRYPTION_KEY to restore it.',
    );
  }
  if (manifest.documentKey === 'environment' && !options.documentKey) {
    warnings.push(
      'DOCUMENT_ENCRYPTION_KEY is not set, and the snapshot does not hold the key its ID documents ' +
        'were encrypted with. Everything else is restored; the documents stay stored but cannot be ' +
        'opened until the server runs with that key in DOCUMENT_ENCRYPTION_KEY.',
    );
  }

  await fs.promises.mkdir(config.dataDir, { recursive: true });
  const storageSource = path.join(snapshot, storageSnapshotFolder);
  const storageTarget = storageDir(config.dataDir);
  const staging = path.join(config.dataDir, '.restoring-storage');
  const putBack: string[] = [];
  try {
    for (const file of manifest.files.filter((entry) =>
      entry.path.startsWith(`${storageSnapshotFolder}/`),
    )) {
      const relative = file.path.slice(storageSnapshotFolder.length + 1);
      if (bucket) {
        await bucket.put(relative, fs.createReadStream(path.join(storageSource, relative)));
        putBack.push(relative);
        continue;
      }
      const target = path.join(staging, relative);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(
        path.join(storageSource, relative),
        target,
        fs.constants.COPYFILE_FICLONE,
      );
    }
    if (manifest.documentKey === 'included') {
      await fs.promises.copyFile(
        path.join(snapshot, documentKeySnapshotFile),
        documentKeyFile(config.dataDir),
      );
      await fs.promises.chmod(documentKeyFile(config.dataDir), 0o600);
    }
    const databaseSource = path.join(snapshot, manifest.database.file);
    const finishRun = manifest.runId
      ? {
          sql:
            "update backup_runs set status = 'succeeded', stage = 'done', finished_at = $1, " +
            "heartbeat_at = $1, snapshot = $2, bytes = $3, progress_bytes = $3 where id = $4 and status = 'running'",
          values: [manifest.finishedAt, path.basename(snapshot), manifest.bytes, manifest.runId],
        }
      : undefined;
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, databaseSource);
      if (finishRun) await markRunPostgres(config.databaseUrl, finishRun);
    } else {
      const target = sqliteFilePath(config.dataDir);
      await fs.promises.copyFile(databaseSource, `${target}.restoring`);
      const database = new SqliteDatabase(`${target}.restoring`, { fileMustExist: true });
      try {
        if (finishRun && hasBackupRuns(database)) {
          const [finishedAt, name, bytes, id] = finishRun.values;
          database
            .prepare(
              "update backup_runs set status = 'succeeded', stage = 'done', finished_at = ?, " +
                "heartbeat_at = ?, snapshot = ?, bytes = ?, progress_bytes = ? where id = ? and status = 'running'",
            )
            .run(finishedAt, finishedAt, name, bytes, bytes, id);
        }
        const check = database.pragma('integrity_check', { simple: true });
        if (check !== 'ok')
          throw new RestoreRefused(`The restored database failed its check: ${String(check)}`);
      } finally {
        database.close();
      }
      await fs.promises.rename(`${target}.restoring`, target);
    }
    if (fs.existsSync(staging)) await fs.promises.rename(staging, storageTarget);
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    // The bucket is left empty again, as it was found, so the restore can be run again.
    if (bucket) for (const key of putBack) await bucket.delete(key);
    throw error;
  }
  return { manifest, warnings };
}

function hasBackupRuns(database: SqliteDatabase.Database): boolean {
  return Boolean(
    database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'backup_runs'")
      .get(),
  );
}

/** The run that took the snapshot ended well: the copy still holds it as under way. */
async function markRunPostgres(url: string, finishRun: { sql: string; values: unknown[] }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select to_regclass('backup_runs') is not null as present");
    if ((rows[0] as { present: boolean }).present)
      await client.query(finishRun.sql, finishRun.values);
  } finally {
    await client.end();
  }
}

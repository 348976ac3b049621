import './give-way.ts';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, sqliteFilePath } from '../db/database.ts';
import { createLiveEvents } from '../live/events.ts';
import { existingDocumentKey } from './document-key.ts';
import { pruneSnapshots, recordEndedRun, runBackup } from './runs.ts';
import { takeSnapshot } from './take-snapshot.ts';

// `npm run backup`: one consistent snapshot under BACKUP_DIR while the server keeps running
// (decision 0051). The snapshot's path is the last line printed; a failure exits with 1. The run
// is recorded for the dashboard like the server's own, once the database has the table for it
// (on SQLite only once it has ended).
async function backUp(): Promise<{ path: string; bytes: number }> {
  const config = loadConfig();
  // Opening a SQLite file that is not there would create an empty one (and a restore refuses a
  // DATA_DIR that holds anything), so a wrong DATA_DIR is said before anything is opened.
  if (!config.databaseUrl && !existsSync(sqliteFilePath(config.dataDir))) {
    throw new Error(
      `DATA_DIR (${config.dataDir}) holds no database to back up. Set DATA_DIR to the folder the server uses.`,
    );
  }
  const handle = openDatabase(config);
  try {
    const migrated = await sql`select 1 from kysely_migration where 1 = 0`.execute(handle.db).then(
      () => true,
      () => false,
    );
    if (!migrated) {
      throw new Error(
        config.databaseUrl
          ? "The database DATABASE_URL names holds none of the app's tables. Set DATABASE_URL to the database the server uses."
          : `The database in DATA_DIR (${config.dataDir}) holds none of the app's tables. Set DATA_DIR to the folder the server uses.`,
      );
    }
    const recorded = await sql`select 1 from backup_runs where 1 = 0`.execute(handle.db).then(
      () => true,
      () => false,
    );
    if (!recorded) {
      const { path, manifest } = await takeSnapshot(config, {
        documentKey: existingDocumentKey(config),
      });
      return { path, bytes: manifest.bytes };
    }
    if (handle.dialect === 'sqlite') {
      // Another process writing to the server's SQLite file while it serves can make one of its
      // transactions fail (SQLITE_BUSY), so the command writes its run once, when it has ended.
      const startedAt = new Date();
      try {
        const { path, manifest } = await takeSnapshot(config, {
          documentKey: existingDocumentKey(config),
        });
        await recordEndedRun(handle.db, {
          startedAt,
          snapshot: basename(path),
          bytes: manifest.bytes,
        });
        for (const name of await pruneSnapshots(config)) {
          console.log(`Removed the older snapshot ${name} (BACKUP_KEEP).`);
        }
        return { path, bytes: manifest.bytes };
      } catch (error) {
        await recordEndedRun(handle.db, { startedAt, error }).catch(() => {});
        throw error;
      }
    }
    const quiet = { info: () => {}, error: () => {}, warn: () => {} };
    // Announces only (a failure's notifications reach the server's bells); it never listens.
    const live = createLiveEvents({ ...handle, databaseUrl: config.databaseUrl, log: quiet });
    const outcome = await runBackup(
      {
        ...handle,
        config,
        clock: () => new Date(),
        log: quiet,
        live,
        afterCommit: (task) => task(),
      },
      'command',
    );
    if (!outcome)
      throw new Error('Another backup is under way; its progress shows on the dashboard.');
    if (outcome.status === 'failed') throw new Error(outcome.detail);
    for (const name of outcome.removed)
      console.log(`Removed the older snapshot ${name} (BACKUP_KEEP).`);
    return outcome;
  } finally {
    await handle.db.destroy();
  }
}

try {
  const started = Date.now();
  const { path, bytes } = await backUp();
  console.log(
    `Backed up ${(bytes / 1024 ** 2).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(path);
} catch (error) {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`The backup failed: ${message}\n`);
  process.exit(1);
}

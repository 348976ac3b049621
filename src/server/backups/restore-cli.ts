import { ConfigError, loadConfig } from '../config.ts';
import { RestoreRefused, restoreSnapshot } from './restore-snapshot.ts';

// `npm run restore -- <snapshot>`: brings a snapshot back into an empty DATA_DIR (and an empty
// PostgreSQL database when DATABASE_URL is set), after checking every file of it.
const snapshot = process.argv[2];
if (!snapshot) {
  process.stderr.write('Usage: npm run restore -- <snapshot folder>\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  const { manifest, warnings } = await restoreSnapshot(config, snapshot, {
    documentKey: config.documents.encryptionKey,
  });
  for (const warning of warnings) process.stderr.write(`Warning: ${warning}\n`);
  console.log(
    `Restored the snapshot of ${manifest.databaseAt} (app ${manifest.appVersion}, schema ` +
      `${manifest.schemaVersion}): ${manifest.counts.users} users, ${manifest.counts.stored_files} stored files. ` +
      'The server migrates it to the current schema when it starts.',
  );
  console.log(config.dataDir);
} catch (error) {
  const known =
    error instanceof RestoreRefused ||
    error instanceof ConfigError ||
    (error instanceof Error && error.name === 'BackupToolError');
  const message = known
    ? (error as Error).message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  process.stderr.write(`The restore ${known ? 'was refused' : 'failed'}: ${message}\n`);
  process.exit(1);
}

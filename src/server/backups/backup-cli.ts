import { ConfigError, loadConfig } from '../config.ts';
import { existingDocumentKey } from './document-key.ts';
import { takeSnapshot } from './take-snapshot.ts';

// `npm run backup`: one consistent snapshot under BACKUP_DIR while the server keeps running
// (decision 0051). The snapshot's path is the last line printed; a failure exits with 1.
try {
  const config = loadConfig();
  const started = Date.now();
  const { path, manifest } = await takeSnapshot(config, {
    documentKey: existingDocumentKey(config),
  });
  const mib = (manifest.bytes / 1024 ** 2).toFixed(1);
  console.log(
    `Backed up ${manifest.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ` +
      `(schema ${manifest.schemaVersion}) and ${manifest.counts.stored_files} stored files, ` +
      `${mib} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.documentKey === 'environment') {
    console.log(
      "The ID documents' key (DOCUMENT_ENCRYPTION_KEY) is not in the snapshot: keep it apart, a restore needs it.",
    );
  }
  console.log(path);
} catch (error) {
  const message =
    error instanceof ConfigError || (error instanceof Error && error.name === 'BackupToolError')
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`The backup failed: ${message}\n`);
  process.exit(1);
}

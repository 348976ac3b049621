import fs from 'node:fs';
import type { Config } from '../config.ts';
import { documentKeyFile } from '../storage/document-cipher.ts';

/**
 * The key of the ID documents as the server would use it (DOCUMENT_ENCRYPTION_KEY, or the one
 * generated into DATA_DIR), without generating one: a backup or a restore never makes a key.
 */
export function existingDocumentKey(config: Config): Buffer | undefined {
  if (config.documents.encryptionKey) return config.documents.encryptionKey;
  const file = documentKeyFile(config.dataDir);
  if (!fs.existsSync(file)) return undefined;
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';

/**
 * ID documents at rest: AES-256-GCM, streamed. A stored file is a format byte, the 12-byte IV,
 * the ciphertext and the 16-byte tag. The file's id is authenticated with it, so a stored file
 * copied onto another application's name fails to decrypt instead of showing the wrong person.
 */
const formatVersion = 1;
const ivLength = 12;
const tagLength = 16;
const headerLength = 1 + ivLength;
/** How many bytes a stored file has beyond its plaintext: the header and the tag. */
export const encryptionOverheadBytes = headerLength + tagLength;

export function encryptStream(key: Buffer, fileId: string): Transform {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(fileId));
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const encrypted = cipher.update(chunk);
      if (!started) {
        started = true;
        this.push(Buffer.from([formatVersion]));
        this.push(iv);
      }
      callback(null, encrypted);
    },
    flush(callback) {
      if (!started) this.push(Buffer.concat([Buffer.from([formatVersion]), iv]));
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

/**
 * The plaintext of a stored file. The tag is at the end, so the last 16 bytes are held back
 * until the stream ends; a changed or cut file makes the stream fail there.
 */
export function decryptStream(key: Buffer, fileId: string): Transform {
  let decipher: DecipherGCM | undefined;
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      if (!decipher) {
        if (held.length < headerLength) return callback();
        if (held[0] !== formatVersion) {
          return callback(new Error('The stored document has an unknown format'));
        }
        decipher = createDecipheriv('aes-256-gcm', key, held.subarray(1, headerLength));
        decipher.setAAD(Buffer.from(fileId));
        held = held.subarray(headerLength);
      }
      if (held.length <= tagLength) return callback();
      const body = held.subarray(0, held.length - tagLength);
      held = Buffer.from(held.subarray(held.length - tagLength));
      callback(null, decipher.update(body));
    },
    flush(callback) {
      if (!decipher || held.length !== tagLength) {
        return callback(new Error('The stored document is cut short'));
      }
      decipher.setAuthTag(held);
      try {
        callback(null, decipher.final());
      } catch {
        callback(
          new Error('The stored document failed its integrity check (changed, or another key)'),
        );
      }
    },
  });
}

export function documentKeyFile(dataDir: string): string {
  return path.join(dataDir, 'document-encryption.key');
}

/**
 * The key from DOCUMENT_ENCRYPTION_KEY, or else the one in DATA_DIR, generated on first use with
 * owner-only permissions. Without its key no stored document can be read again.
 */
export async function loadDocumentKey(options: {
  configured: Buffer | undefined;
  dataDir: string;
  isProduction: boolean;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}): Promise<Buffer> {
  if (options.configured) return options.configured;
  const file = documentKeyFile(options.dataDir);
  await fs.mkdir(options.dataDir, { recursive: true });
  // Written aside and linked into place, so two processes starting at once agree on one key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await fs.link(draft, file);
    options.log.info({ file }, 'Generated the ID document encryption key');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  const { mode } = await fs.stat(file);
  if ((mode & 0o077) !== 0) {
    await fs.chmod(file, 0o600);
    options.log.warn({ file }, 'The document key file was readable by others; made it owner-only');
  }
  const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  if (options.isProduction) {
    options.log.warn(
      { file },
      'DOCUMENT_ENCRYPTION_KEY is not set: ID documents are encrypted with a key kept in DATA_DIR, ' +
        'beside them. Set DOCUMENT_ENCRYPTION_KEY to that key (or a new one before any document ' +
        'is stored) and keep it apart from the data and its backups.',
    );
  }
  return key;
}

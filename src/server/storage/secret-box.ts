import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets kept in database rows (the authenticators' keys, decision 0052), sealed with
 * AES-256-GCM under a key derived from the ID documents' key: the same key handling
 * (DOCUMENT_ENCRYPTION_KEY, or the one generated into DATA_DIR), so a copy of the database alone
 * opens no authenticator. The key is derived (HKDF) rather than reused, so a document and a
 * secret never share a key. Each sealed value is bound to what it belongs to (`context`, the
 * person's id): moved onto another row, it fails to open instead of working there.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was changed, moved, or sealed under another key. */
  open(sealed: string, context: string): string;
}

const formatVersion = 'v1';
const ivLength = 12;
const tagLength = 16;

export function createSecretBox(documentKey: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', documentKey, Buffer.alloc(0), 'database-secrets', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${formatVersion}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
    },
    open(sealed, context) {
      const [version, encoded] = sealed.split(':');
      if (version !== formatVersion || !encoded)
        throw new Error('A sealed secret has an unknown format');
      const bytes = Buffer.from(encoded, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivLength));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - tagLength));
      return Buffer.concat([
        decipher.update(bytes.subarray(ivLength, bytes.length - tagLength)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

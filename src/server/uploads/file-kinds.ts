import { fileTypeFromBuffer } from 'file-type';
import type { FileKind } from '../../domain/files.ts';

/**
 * How many leading bytes are held to recognise a file: file-type's own sample size, enough for
 * every kind it knows (ours need far fewer). Only these are ever held, never the whole file.
 */
export const recognitionBytes = 4100;

/**
 * Our kinds by the media type file-type names (decision 0034). HEIF photos come as `image/heic`
 * or `image/heif` by their brand, and some phones' videos as M4V or 3GP, which browsers play as
 * MP4.
 */
const kindOfMediaType: Readonly<Record<string, FileKind>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/3gpp': 'mp4',
  'video/3gpp2': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** What kind of file these leading bytes begin, or undefined for none we accept. */
export async function recogniseFile(bytes: Uint8Array): Promise<FileKind | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return kindOfMediaType[found.mime];
  return isText(bytes) ? 'csv' : undefined;
}

/**
 * Text has no signature: bytes that no other kind claims, read as UTF-8 and hold no NUL. The
 * leading bytes may end inside a character, which `stream` tolerates.
 */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind a file's leading bytes (`recognitionBytes` of them, or the whole file when shorter)
 * begin, when it is one of `kinds`. Every upload's kind check, streamed or resumable.
 */
export async function allowedKind(
  bytes: Uint8Array,
  kinds: readonly FileKind[],
): Promise<FileKind | undefined> {
  const found = await recogniseFile(bytes);
  return found && kinds.includes(found) ? found : undefined;
}

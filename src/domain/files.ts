/**
 * The kinds of file the product accepts, recognised by their first bytes, never by their name or
 * the type a browser claims. One table for both sides: the server checks uploads with it, the
 * client builds its pickers' `accept` and its early checks from it.
 */
export const fileKinds = {
  jpeg: { mimeType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], media: 'image' },
  png: { mimeType: 'image/png', extensions: ['.png'], media: 'image' },
  webp: { mimeType: 'image/webp', extensions: ['.webp'], media: 'image' },
  heic: { mimeType: 'image/heic', extensions: ['.heic', '.heif'], media: 'image' },
  pdf: { mimeType: 'application/pdf', extensions: ['.pdf'], media: 'document' },
  mp4: { mimeType: 'video/mp4', extensions: ['.mp4', '.m4v'], media: 'video' },
  mov: { mimeType: 'video/quicktime', extensions: ['.mov'], media: 'video' },
  webm: { mimeType: 'video/webm', extensions: ['.webm'], media: 'video' },
} as const satisfies Record<
  string,
  { mimeType: string; extensions: readonly string[]; media: 'image' | 'video' | 'document' }
>;

export type FileKind = keyof typeof fileKinds;
export type FileMimeType = (typeof fileKinds)[FileKind]['mimeType'];

/** How many leading bytes `recogniseFile` needs to decide (fewer only when the file is shorter). */
export const recognitionBytes = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const quickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** The ISO base media (MP4, MOV, HEIF) family: an `ftyp` box whose brands name the format. */
function recogniseIsoMedia(bytes: Uint8Array): FileKind | undefined {
  if (ascii(bytes, 4, 8) !== 'ftyp') {
    // Old QuickTime files start straight with an atom instead of `ftyp`.
    return quickTimeAtoms.has(ascii(bytes, 4, 8)) ? 'mov' : undefined;
  }
  const boxSize = Math.min(
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    bytes.length,
  );
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  if (brands[0] === 'qt  ') return 'mov';
  if (brands.some((brand) => heifBrands.has(brand)) && !brands.includes('isom')) return 'heic';
  return 'mp4';
}

/** What kind of file these leading bytes begin, or undefined for none we accept. */
export function recogniseFile(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // Matroska's EBML header; WebM names itself as the document type within the first bytes.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    return ascii(bytes, 4, Math.min(bytes.length, recognitionBytes)).includes('webm')
      ? 'webm'
      : undefined;
  }
  if (bytes.length >= 12) return recogniseIsoMedia(bytes);
  return undefined;
}

/** The picker's `accept` for a set of kinds: MIME types and extensions (phones offer the camera). */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  return kinds
    .flatMap((kind) => [fileKinds[kind].mimeType, ...fileKinds[kind].extensions])
    .join(',');
}

/** Whether a browser's claimed type and name look like one of the kinds (a courtesy check only). */
export function looksLikeKind(file: { type: string; name: string }, kinds: readonly FileKind[]) {
  const name = file.name.toLowerCase();
  return kinds.some(
    (kind) =>
      file.type === fileKinds[kind].mimeType ||
      (kind === 'jpeg' && file.type === 'image/jpg') ||
      (kind === 'heic' && file.type === 'image/heif') ||
      fileKinds[kind].extensions.some((extension) => name.endsWith(extension)),
  );
}

const fileSizeUnits = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A file's size as the spec writes it: whole Bytes below 1 KB, then KB, MB or GB (1024 each)
 * with at most one decimal ("512 Bytes", "1.5 MB", "2 GB").
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} Bytes`;
  }
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), fileSizeUnits.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(1))} ${fileSizeUnits[exponent]}`;
}

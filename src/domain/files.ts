/**
 * The kinds of file the product accepts, recognised by their first bytes, never by their name or
 * the type a browser claims (the server's `recogniseFile`). One table for both sides: the server
 * stores each upload under its kind's type, the client builds its pickers' `accept` and its
 * early checks from it.
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
  /** Text: no signature of its own, recognised as UTF-8 without NUL bytes (pay imports). */
  csv: { mimeType: 'text/csv', extensions: ['.csv'], media: 'document' },
} as const satisfies Record<
  string,
  { mimeType: string; extensions: readonly string[]; media: 'image' | 'video' | 'document' }
>;

export type FileKind = keyof typeof fileKinds;
export type FileMimeType = (typeof fileKinds)[FileKind]['mimeType'];

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
 * A file's size as people read it on screen and in refusals: whole Bytes below 1 KB, then KB, MB
 * or GB (1024 each) with at most one decimal ("512 Bytes", "1.5 MB", "2 GB").
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} Bytes`;
  }
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), fileSizeUnits.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(1))} ${fileSizeUnits[exponent]}`;
}

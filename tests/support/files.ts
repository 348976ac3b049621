import { fileKinds, type FileKind } from '../../src/domain/files.ts';
import { demoPng } from '../../src/server/db/demo-png.ts';

/**
 * Small files of every kind the product accepts, made in memory so no binary fixture sits in the
 * repository. Each is recognised by `recogniseFile`; the images also decode in a browser.
 */

/** A real PNG of one colour (with a darker band) and the given size. */
export const pngBytes = (
  width = 64,
  height = 40,
  colour: readonly [number, number, number] = [210, 90, 140],
) => demoPng(width, height, colour);

// A 1×1 baseline JPEG (JFIF, no ICC profile) as Chromium's canvas encodes it.
const jpeg =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYW' +
  'ICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo' +
  'KCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAA' +
  'AAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCoBlAf/9k=';

/** A 1×1 JPEG: starts FF D8 FF, ends FF D9. */
export const jpegBytes = () => Buffer.from(jpeg, 'base64');

// A 1×1 lossy WebP (RIFF, WEBP, one `VP8 ` chunk).
const webp = 'UklGRjIAAABXRUJQVlA4ICYAAABwAQCdASoBAAEAAUAmJaACdAIsIAA78H/0mz/+k2f/0mz45gAAAA==';

export const webpBytes = () => Buffer.from(webp, 'base64');

function box(type: string, body: Buffer) {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

/** An ISO base media file: an `ftyp` box naming the brands, then an `mdat` padded to `size`. */
function isoMedia(majorBrand: string, compatibleBrands: string[], size: number) {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(majorBrand, 'latin1'),
      Buffer.alloc(4), // minor version
      Buffer.from(compatibleBrands.join(''), 'latin1'),
    ]),
  );
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(Math.max(0, size - ftyp.length - 8)))]);
}

/** An MP4 of `size` bytes (at least its two box headers): brand `isom`, compatible `isom`, `mp42`. */
export const mp4Bytes = (size = 1024) => isoMedia('isom', ['isom', 'mp42'], size);

/** A QuickTime movie: `ftyp` with major brand `qt  `. */
export const movBytes = (size = 1024) => isoMedia('qt  ', ['qt  '], size);

/** A HEIC photo's opening: `ftyp` with brand `heic` (and `mif1`), no `isom`: no image in it. */
export const heicBytes = (size = 1024) => isoMedia('heic', ['mif1', 'heic'], size);

// A real HEIC photo, HEVC-coded as phones write them: 400 × 300, in four quarters of colour
// (red top left, green top right, blue bottom left, yellow bottom right). Made from a PNG of them
// with libheif's `heif-enc -q 60` (Debian's libheif-examples), which CI does not need.
const heicPhoto =
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUNtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA' +
  'AAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFnAAEAAAAAAAABqgAAACNpaW5mAAAAAAABAAAAFWluZmUC' +
  'AAAAAAEAAGh2YzEAAAAAw2lwcnAAAAClaXBjbwAAAHlodmNDAQNwAAAAAAAAAAAAPPAA/P34+AAADwMgAAEAGEABDAH//wNw' +
  'AAADAJAAAAMAAAMAPLoCQCEAAQAsQgEBA3AAAAMAkAAAAwAAAwA8oAyIBMfeW6kkprm4EBAwIAAAAwAgAAADACEiAAEAB0QB' +
  'wXKwYkAAAAAUaXNwZQAAAAAAAAGQAAABLAAAABBwaXhpAAAAAAMICAgAAAAWaXBtYQAAAAAAAAABAAEDgQKDAAABsm1kYXQA' +
  'AAGmKAGvCcp+jW/HgCE5dV//+9Kf//w37yH7s2h0HMPLuNNZ4fr3MxdPu4gSMj+eWaAck//WQ+pyC3O+83mSabT5xC/Ay+FA' +
  'aWCSm0yiXMcqI2zBSujFXc1UvRha1ATfNCaBfSzZRL5kzQ3qLKH85d6POpRwkZxk+AABIwAHWACigKL3Mxd0AABkFUBusy06' +
  'LHri+zDyMcTd06DYTGn3AO+Y/l/7ozK9zrXtMquTLW1oAGmAFuAHJNVBLQN98W/0QQZ+rCTvuh+a0Cv08cSBnH4r4Z5zrqw6' +
  'JKJEQhQi86DvfhvVwYtG1KEsC/Mgq3Zem+AbBcP0HbFusavhrlB5xZbm6IoY/Mb6Edqfbv9nfqavNB0JB8MId4cAAAMAAAMB' +
  'FanZoLeQ4K8MrHCmfyN5tglpOPDCpnGAZV+gEhR1UXj9SNpIbaFHieHZHA0Wlm+TM5qWJC+/PAAAAwAAAwADzgAAAwAAAwAA' +
  'AwAgACdQfngdwEQ1CAoeg/a/WGCWk48MKmcdVFY+ASsNM6R3SLUFykdnLM8OyOBotL3XPAAAAwAAAwAAAwAAR0A=';

/** The HEIC photo above: 400 × 300, red, green, blue and yellow quarters. */
export const heicPhotoBytes = () => Buffer.from(heicPhoto, 'base64');
export const heicPhotoSize = { width: 400, height: 300 } as const;

/** A WebM's opening: the EBML header naming `webm` as its document type, then an empty segment. */
export const webmBytes = () =>
  Buffer.from([
    ...[0x1a, 0x45, 0xdf, 0xa3, 0x9f], // EBML, 31 bytes
    ...[0x42, 0x86, 0x81, 0x01], // EBMLVersion 1
    ...[0x42, 0xf7, 0x81, 0x01], // EBMLReadVersion 1
    ...[0x42, 0xf2, 0x81, 0x04], // EBMLMaxIDLength 4
    ...[0x42, 0xf3, 0x81, 0x08], // EBMLMaxSizeLength 8
    ...[0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')], // DocType
    ...[0x42, 0x87, 0x81, 0x02], // DocTypeVersion 2
    ...[0x42, 0x85, 0x81, 0x02], // DocTypeReadVersion 2
    ...[0x18, 0x53, 0x80, 0x67, 0x80], // Segment, empty
  ]);

/** A file as a browser sends it: its name, the type it claims, and its bytes. */
export interface SubmittedFile {
  name: string;
  type: string;
  content: Buffer;
}

/**
 * Plain text under a name (and the type a browser would claim for it) of an accepted kind: the
 * server must refuse it by its bytes.
 */
export function textPretendingToBe(name: string): SubmittedFile {
  const extension = name.slice(name.lastIndexOf('.')).toLowerCase();
  const kind = (Object.keys(fileKinds) as FileKind[]).find((candidate) =>
    (fileKinds[candidate].extensions as readonly string[]).includes(extension),
  );
  return {
    name,
    type: kind ? fileKinds[kind].mimeType : 'application/octet-stream',
    content: Buffer.from('This is a text file, not what its name says.\n'),
  };
}

/**
 * The multipart body a browser's FormData makes: the text fields in order, then the files, each
 * under the field name given with it.
 */
export async function formBody(
  fields: Record<string, string>,
  files: { field: string; file: SubmittedFile }[] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, file } of files) {
    form.append(field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

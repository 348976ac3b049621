import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage } from '../../../storage/storage.ts';

/** Control characters, path separators and the characters Windows refuses in a file name. */
const isUnsafeInName = (character: string) =>
  character.charCodeAt(0) < 0x20 || character === '\u007f' || '/\\:*?"<>|'.includes(character);

/**
 * A file's name as an entry of a zip: no folders (a name is the creator's, and must not place a
 * file outside the folder it is unpacked into), no control characters, and unique within the
 * archive ('look.jpg', 'look (2).jpg').
 */
export function archiveEntryNames(fileNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return fileNames.map((original) => {
    const safe =
      [...original]
        .map((character) => (isUnsafeInName(character) ? '_' : character))
        .join('')
        .replace(/^[.\s]+/, '')
        .trim() || 'file';
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let name = safe;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) {
      name = `${stem} (${copy})${extension}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The name the browser saves an assignee's archive under: the task and the creator, plain. */
export function archiveFileName(taskTitle: string, username: string): string {
  const plain = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80);
  return `${plain(taskTitle) || 'task'}-${plain(username) || 'files'}.zip`;
}

/**
 * Files from storage as one zip, streamed: each file is opened only when its turn comes and
 * passes through unchanged (photos and videos are compressed already, so "store" costs nothing
 * and keeps the server's processor free). With every size known, so is the archive's.
 */
export function zipStoredFiles(
  storage: Storage,
  files: readonly { fileKey: string; fileName: string; fileSize: number; uploadedAt: string }[],
): { stream: Readable; size: Promise<number> } {
  const zip = new ZipFile();
  const names = archiveEntryNames(files.map((file) => file.fileName));
  files.forEach((file, index) => {
    zip.addReadStreamLazy(
      names[index]!,
      { compress: false, size: file.fileSize, mtime: new Date(file.uploadedAt) },
      (done) => done(null, storage.get(file.fileKey)),
    );
  });
  // yazl hands the total to this callback (-1 when it cannot know); its typings omit the argument.
  const size = new Promise<number>((resolve) => {
    const whenKnown = (total: number) => resolve(total);
    zip.end(undefined, whenKnown as () => void);
  });
  return { stream: zip.outputStream as Readable, size };
}

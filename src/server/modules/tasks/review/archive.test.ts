import { describe, expect, it } from 'vitest';
import { archiveEntryNames, archiveFileName } from './archive.ts';

describe('archiveEntryNames', () => {
  it('keeps every file inside the folder it is unpacked into, one name each', () => {
    expect(
      archiveEntryNames(['../../etc/passwd', 'C:\\photo.jpg', '.hidden', 'a\u0000b.png', '', ' ']),
    ).toEqual(['_.._etc_passwd', 'C__photo.jpg', 'hidden', 'a_b.png', 'file', 'file (2)']);
  });

  it('numbers repeated names before their extension, whatever their case', () => {
    expect(archiveEntryNames(['look.jpg', 'LOOK.jpg', 'look.jpg', 'notes'])).toEqual([
      'look.jpg',
      'LOOK (2).jpg',
      'look (3).jpg',
      'notes',
    ]);
  });
});

describe('archiveFileName', () => {
  it('names the task and the creator in plain letters', () => {
    expect(archiveFileName('Campanha de verão: praia!', 'maria_s')).toBe(
      'Campanha-de-verao-praia-maria_s.zip',
    );
    expect(archiveFileName('???', '')).toBe('task-files.zip');
  });
});

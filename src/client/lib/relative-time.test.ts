import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n.ts';
import type { Language } from '../../domain/languages.ts';
import { catalogues } from '../../domain/locales/index.ts';
import { timeAgo } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const reader = (language: Language) => {
  return { t: translator(language, catalogues[language]), language };
};

describe('timeAgo', () => {
  it('names the largest whole unit, followed by ago', () => {
    expect(timeAgo(before(60), reader('en'), now)).toBe('1 minute ago');
    expect(timeAgo(before(5 * 60), reader('en'), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 1200), reader('en'), now)).toBe('3 hours ago');
    expect(timeAgo(before(86_400), reader('en'), now)).toBe('1 day ago');
    expect(timeAgo(before(65 * 86_400), reader('en'), now)).toBe('2 months ago');
    expect(timeAgo(before(800 * 86_400), reader('en'), now)).toBe('2 years ago');
  });

  it('speaks the chosen language', () => {
    expect(timeAgo(before(5 * 60), reader('es'), now)).toBe('hace 5 minutos');
    expect(timeAgo(before(2 * 3600), reader('pt'), now)).toBe('há 2 horas');
  });

  it('says "just now" under a minute, never "0 seconds ago", in every language', () => {
    for (const [language, justNow] of [
      ['en', 'just now'],
      ['es', 'hace un momento'],
      ['pt', 'agora mesmo'],
    ] as const) {
      expect(timeAgo(before(0), reader(language), now)).toBe(justNow);
      expect(timeAgo(before(59), reader(language), now)).toBe(justNow);
      // A moment in the future: a clock slightly ahead.
      expect(timeAgo(before(-30), reader(language), now)).toBe(justNow);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('names the largest whole unit, followed by ago', () => {
    expect(timeAgo(before(20), 'en', now)).toBe('20 seconds ago');
    expect(timeAgo(before(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 1200), 'en', now)).toBe('3 hours ago');
    expect(timeAgo(before(86_400), 'en', now)).toBe('1 day ago');
    expect(timeAgo(before(65 * 86_400), 'en', now)).toBe('2 months ago');
    expect(timeAgo(before(800 * 86_400), 'en', now)).toBe('2 years ago');
  });

  it('speaks the chosen language', () => {
    expect(timeAgo(before(5 * 60), 'es', now)).toBe('hace 5 minutos');
    expect(timeAgo(before(2 * 3600), 'pt', now)).toBe('há 2 horas');
  });

  it('treats a moment in the future (a clock slightly ahead) as just now', () => {
    expect(timeAgo(before(-30), 'en', now)).toBe('0 seconds ago');
  });
});

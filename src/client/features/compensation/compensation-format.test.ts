import { describe, expect, it } from 'vitest';
import {
  formatCents,
  lastTwelveMonths,
  monthName,
  periodLabel,
  personName,
} from './compensation-format.ts';

describe('compensation formatting', () => {
  it('names months in the reader language', () => {
    expect(monthName(3, 'en')).toBe('March');
    expect(monthName(3, 'es')).toBe('marzo');
    expect(monthName(3, 'pt')).toBe('março');
    expect(periodLabel({ year: 2026, month: 1 }, 'en')).toBe('January 2026');
  });

  it('writes cents as dollars with two decimals', () => {
    expect(formatCents(130050, 'en')).toBe('$1,300.50');
    expect(formatCents(0, 'en')).toBe('$0.00');
  });

  it('gives the twelve months up to now, across the turn of the year', () => {
    const months = lastTwelveMonths(new Date(2026, 2, 10));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2025, month: 4 });
    expect(months[11]).toEqual({ year: 2026, month: 3 });
  });

  it('names a person by their name, else their username', () => {
    expect(personName({ username: 'ana', firstName: 'Ana', lastName: 'Silva' })).toBe('Ana Silva');
    expect(personName({ username: 'ana', firstName: null, lastName: null })).toBe('ana');
  });
});

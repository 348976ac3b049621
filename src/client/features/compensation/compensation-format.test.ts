import { describe, expect, it } from 'vitest';
import {
  axisMoney,
  axisTicks,
  formatCents,
  lastTwelveMonths,
  monthName,
  periodLabel,
  personName,
  shortPeriodLabel,
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

describe('chart axis labels', () => {
  it('write amounts short and exact in the reader language', () => {
    expect([0, 1250, 1500, 5000, 2_500_000].map((dollars) => axisMoney(dollars, 'en'))).toEqual([
      '$0',
      '$1.25K',
      '$1.5K',
      '$5K',
      '$2.5M',
    ]);
    expect(axisMoney(5200, 'es')).toBe('5,2\u00a0mil\u00a0US$');
    expect(axisMoney(1500, 'pt')).toBe('US$\u00a01,5\u00a0mil');
  });

  it('mark amounts in even steps from nothing to above the highest', () => {
    expect(axisTicks(5200)).toEqual([0, 2000, 4000, 6000]);
    expect(axisTicks(4000)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(axisTicks(0)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(2_999_999.97)).toEqual([0, 1_000_000, 2_000_000, 3_000_000]);
  });

  it('name a month across years without the words between month and year', () => {
    const november = { year: 2026, month: 11 };
    expect(shortPeriodLabel(november, 'pt', true)).toBe('nov. 26');
    expect(shortPeriodLabel(november, 'es', true)).toBe('nov 26');
    expect(shortPeriodLabel(november, 'en', true)).toBe('Nov 26');
    expect(shortPeriodLabel(november, 'pt', false)).toBe('nov.');
  });
});

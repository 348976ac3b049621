import { describe, expect, it } from 'vitest';
import { byNewestPeriod, compensationFigures, yearBreakdown, yearTotals } from './compensation.ts';
import { compensationInputSchema } from './compensation-input.ts';

const entry = (year: number, month: number, amount: string) => ({ year, month, amount });

// Mid-month at noon UTC: the same calendar day in every time zone the tests may run in.
const november2026 = new Date('2026-11-15T12:00:00Z');

const paid = [
  entry(2026, 11, '100.00'),
  entry(2026, 5, '200.00'),
  entry(2026, 4, '400.00'),
  entry(2025, 12, '1000.50'),
];

describe('compensationFigures', () => {
  it("counts 'Last 6 Months' from the month six months ago to this one: May to November 2026", () => {
    expect(compensationFigures(paid, november2026)).toEqual({
      totalCents: 170_050,
      thisYearCents: 70_000,
      // November and May; April is seven months back.
      lastSixMonthsCents: 30_000,
      count: 4,
      averageCents: 42_513,
      highestCents: 100_050,
      label: 'consistent',
    });
  });

  it('reaches back across the turn of the year', () => {
    const february2026 = new Date('2026-02-10T12:00:00Z');
    const figures = compensationFigures(
      [entry(2025, 7, '1.00'), entry(2025, 8, '2.00'), entry(2026, 2, '4.00')],
      february2026,
    );
    expect(figures.lastSixMonthsCents).toBe(600);
    expect(figures.thisYearCents).toBe(400);
  });

  it('labels more than 3 entries Consistent, 1 to 3 Growing, none Getting Started', () => {
    expect(compensationFigures(paid.slice(0, 3), november2026).label).toBe('growing');
    expect(compensationFigures(paid.slice(0, 1), november2026).label).toBe('growing');
    expect(compensationFigures([], november2026)).toEqual({
      totalCents: 0,
      thisYearCents: 0,
      lastSixMonthsCents: 0,
      count: 0,
      averageCents: 0,
      highestCents: 0,
      label: 'starting',
    });
  });

  it('adds exactly, without floating-point drift', () => {
    const tenCents = Array.from({ length: 10 }, (_, index) => entry(2026, index + 1, '0.10'));
    expect(compensationFigures(tenCents, november2026).totalCents).toBe(100);
  });
});

describe('yearTotals', () => {
  it('gives the years with compensation, newest first, each with its total', () => {
    expect(yearTotals(paid)).toEqual([
      { year: 2026, cents: 70_000, amount: '700.00' },
      { year: 2025, cents: 100_050, amount: '1000.50' },
    ]);
    expect(yearTotals([])).toEqual([]);
  });
});

describe('yearBreakdown', () => {
  it("gives the 12 months of the year, 'No payment' as null, and the Year Total", () => {
    const { months, totalCents } = yearBreakdown(paid, 2026);
    expect(months).toHaveLength(12);
    expect(months.map((slot) => slot.cents)).toEqual([
      null,
      null,
      null,
      40_000,
      20_000,
      null,
      null,
      null,
      null,
      null,
      10_000,
      null,
    ]);
    expect(totalCents).toBe(70_000);
    expect(yearBreakdown(paid, 2024).totalCents).toBe(0);
  });
});

describe('byNewestPeriod', () => {
  it('puts the newest year, then month, first', () => {
    expect([...paid].sort(byNewestPeriod).map((item) => `${item.year}-${item.month}`)).toEqual([
      '2026-11',
      '2026-5',
      '2026-4',
      '2025-12',
    ]);
  });
});

describe('compensationInputSchema', () => {
  const valid = { userId: 'u1', month: '3', year: 2026, amount: '1300.5', notes: '  ' };

  it('reads the amount as cents and the form text as numbers; blank notes are none', () => {
    expect(compensationInputSchema.parse(valid)).toEqual({
      userId: 'u1',
      month: 3,
      year: 2026,
      amount: 130_050,
      notes: null,
    });
    expect(compensationInputSchema.parse({ ...valid, amount: 1300.5 }).amount).toBe(130_050);
    expect(compensationInputSchema.parse({ ...valid, amount: '99999999.99' }).amount).toBe(
      9_999_999_999,
    );
  });

  it('refuses amounts with three decimals, below zero or too large', () => {
    const codeOf = (amount: unknown) =>
      compensationInputSchema.safeParse({ ...valid, amount }).error?.issues[0]?.message;
    expect(codeOf('12.345')).toBe('compensation.amount_invalid');
    expect(codeOf('-1')).toBe('compensation.amount_invalid');
    expect(codeOf(-1)).toBe('compensation.amount_invalid');
    expect(codeOf('100000000.00')).toBe('compensation.amount_max');
    expect(codeOf('')).toBe('compensation.amount_required');
    expect(codeOf(undefined)).toBe('compensation.amount_required');
  });
});

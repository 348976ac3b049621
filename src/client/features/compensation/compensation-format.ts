import { centsToDecimal } from '../../../domain/money.ts';
import { formatMoney } from '../../lib/format.ts';
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts';

type Period = { year: number; month: number };

/** A calendar month as a date the formatters read the same in every time zone. */
function monthDate({ year, month }: Period): Date {
  return new Date(Date.UTC(year, month - 1, 15));
}

/** The months of a year, 1 to 12 (the month selects). */
export const monthsOfYear = Array.from({ length: 12 }, (_, index) => index + 1);

/** "March" in the reader's language (the month select and the 12-month breakdown). */
export function monthName(month: number, language: string): string {
  return dateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    monthDate({ year: 2000, month }),
  );
}

/** "March 2026", "marzo de 2026", "março de 2026": the one formatter both sides use. */
export { periodName as periodLabel } from '../../../domain/months.ts';

/**
 * "Mar" or, across years, "Mar 26" ("nov 26", "nov. 26"): a chart's axis has little room, so the
 * month and the year stand side by side without the words some languages put between them
 * ("nov. de 26").
 */
export function shortPeriodLabel(period: Period, language: string, withYear: boolean): string {
  const parts = dateTimeFormat(language, {
    month: 'short',
    ...(withYear ? { year: '2-digit' } : {}),
    timeZone: 'UTC',
  }).formatToParts(monthDate(period));
  return parts
    .filter((part) => part.type === 'month' || part.type === 'year')
    .map((part) => part.value)
    .join(' ');
}

/**
 * The amounts a chart's axis marks, from 0 to at least `highest` in four or so even steps of 1,
 * 2, 2.5 or 5 times a power of ten (0, 2,000, 4,000, 6,000 for 5,200), and at least to 100 so an
 * empty chart still reads in whole amounts.
 */
export function axisTicks(highest: number): number[] {
  const top = Math.max(highest, 100);
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((size) => size >= rough)!;
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/**
 * An amount on a chart's axis, short and exact: "$1.25K", "1,5 mil US$", "US$ 2,5 mil", "$0". The
 * axis's steps (1, 2, 2.5 or 5 times a power of ten) never need more than two decimals.
 */
export function axisMoney(dollars: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(dollars);
}

/** Cents (the domain's figures) as money in the reader's language. */
export function formatCents(cents: number, language: string): string {
  return formatMoney(centsToDecimal(cents), language);
}

/** The twelve months up to and including the month of `now`, oldest first. */
export function lastTwelveMonths(now: Date): Period[] {
  const currentIndex = now.getFullYear() * 12 + now.getMonth();
  return Array.from({ length: 12 }, (_, offset) => {
    const index = currentIndex - 11 + offset;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/** A person as the screens name them: first and last name, else the username. */
export function personName(person: {
  username: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username;
}

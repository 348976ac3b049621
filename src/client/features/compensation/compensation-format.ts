import { centsToDecimal } from '../../../domain/money.ts';
import { formatMoney } from '../../lib/format.ts';

type Period = { year: number; month: number };

/** A calendar month as a date the formatters read the same in every time zone. */
function monthDate({ year, month }: Period): Date {
  return new Date(Date.UTC(year, month - 1, 15));
}

/** "March" in the reader's language (the month select and the 12-month breakdown). */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    monthDate({ year: 2000, month }),
  );
}

/** "March 2026", "marzo de 2026", "março de 2026": the one formatter both sides use. */
export { periodName as periodLabel } from '../../../domain/months.ts';

/** "Mar" or, across years, "Mar 26": a chart's axis has little room. */
export function shortPeriodLabel(period: Period, language: string, withYear: boolean): string {
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    ...(withYear ? { year: '2-digit' } : {}),
    timeZone: 'UTC',
  }).format(monthDate(period));
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

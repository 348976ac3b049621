import { dateTimeFormat } from './intl.ts';

/**
 * Calendar months written the reader's way, the one formatter of both sides: on screens, in
 * mails and notifications, and in refusals (`{{period, month}}` in a catalogue text, see i18n.ts).
 */
export interface Period {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** A calendar month as a date the formatters read the same in every time zone. */
function monthDate({ year, month }: Period): Date {
  return new Date(Date.UTC(year, month - 1, 15));
}

/** "November 2026", "noviembre de 2026", "novembro de 2026". */
export function periodName(period: Period, language: string): string {
  return dateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(monthDate(period));
}

/** A month as it travels in a message's values: "2026-11". */
export function periodValue({ year, month }: Period): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Reads "2026-11" back; undefined for anything else. */
export function readPeriodValue(value: unknown): Period | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const period = { year: Number(match[1]), month: Number(match[2]) };
  return period.month >= 1 && period.month <= 12 ? period : undefined;
}

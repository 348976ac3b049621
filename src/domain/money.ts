import { numberFormat } from './intl.ts';

/**
 * Money is stored as integer cents and travels through the API as a decimal string with two
 * places ("1234.50"), so no amount ever passes through a binary floating-point number.
 */
const decimalPattern = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not an amount of cents: ${cents}`);
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** Reads "12", "12.5" or "12.50" as cents; anything else (negative, three decimals, text) is null. */
export function decimalToCents(text: string): number | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * An API amount (a decimal string such as "1250.00") in dollars with two decimals, written the
 * reader's way. Display only: amounts are never computed from the formatted text.
 */
export function formatMoney(decimal: string, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
}

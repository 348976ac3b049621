/** A calendar date in the reader's language ("Mar 10, 2026", "10 mar 2026"). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * An API amount (a decimal string such as "1250.00") in dollars with two decimals, written the
 * reader's way. Display only: amounts are never computed from the formatted text.
 */
export function formatMoney(decimal: string, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
}

/** The spec's file sizes (Bytes, KB, MB, GB): one formatter, shared with the server's messages. */
export { formatFileSize } from '../../domain/files.ts';

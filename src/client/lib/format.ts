import { dateTimeFormat } from '../../domain/intl.ts';

/** A calendar date in the reader's language ("Mar 10, 2026", "10 mar 2026"). */
export function formatDate(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A date and its time in the reader's language ("Mar 10, 2026, 3:04 PM"). */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A date with its time to the second, as `Date.toLocaleString` writes it: for hover titles. */
export function formatMoment(iso: string, language: string): string {
  return dateTimeFormat(language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).format(new Date(iso));
}

/** Money, written the reader's way: one formatter, shared with the server's notifications and mails. */
export { formatMoney } from '../../domain/money.ts';

/** File sizes in Bytes, KB, MB or GB: one formatter, shared with the server's messages. */
export { formatFileSize } from '../../domain/files.ts';

/** A calendar date in the reader's language ("Mar 10, 2026", "10 mar 2026"). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** Money, written the reader's way: one formatter, shared with the server's notifications and mails. */
export { formatMoney } from '../../domain/money.ts';

/** File sizes in Bytes, KB, MB or GB: one formatter, shared with the server's messages. */
export { formatFileSize } from '../../domain/files.ts';

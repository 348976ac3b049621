import { dateTimeFormat, loadLocaleData } from '../../domain/intl.ts';
import { formatMoney } from '../../domain/money.ts';

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
export { formatMoney };

/** File sizes in Bytes, KB, MB or GB: one formatter, shared with the server's messages. */
export { formatFileSize } from '../../domain/files.ts';

/**
 * Makes the formatters the signed-in screens use first (a date, an amount), a task each, while the
 * screen still waits for its session and data; answers a function that stops what is left. Made
 * by the first render that formats, the engine's locale data and both formatters cost a phone one
 * long task of 200 to 380 ms on Lighthouse's phone, inside that render (the users and creators
 * lists); made here, three tasks of at most about 120 ms, while the main thread waits for the
 * network anyway (docs/decisions/0065-signed-in-lists-without-long-tasks.md).
 */
export function prepareFormatters(language: string): () => void {
  const steps = [
    () => loadLocaleData(language),
    () => formatDate(new Date(0).toISOString(), language),
    () => formatMoney('0', language),
  ];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const runFrom = (index: number) => {
    timer = setTimeout(() => {
      steps[index]!();
      if (index + 1 < steps.length) runFrom(index + 1);
    }, 0);
  };
  runFrom(0);
  return () => clearTimeout(timer);
}

import type { TFunction } from '../../domain/i18n.ts';
import { relativeTimeFormat } from '../../domain/intl.ts';

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/**
 * How long ago a moment was, in the reader's language ("5 minutes ago", "hace 5 minutos",
 * "há 5 minutos"): Intl puts the 'ago' where each language wants it. Under a minute (and a moment
 * a clock slightly ahead puts in the future) is the catalogue's "just now": "0 seconds ago" reads
 * as a fault, and seconds are no news.
 */
export function timeAgo(
  iso: string,
  reader: { t: TFunction; language: string },
  now: Date = new Date(),
): string {
  const seconds = (now.getTime() - new Date(iso).getTime()) / 1000;
  if (seconds < 60) return reader.t('time.justNow');
  let amount = seconds / 60;
  for (const [unit, size] of steps) {
    if (amount < size) {
      return relativeTimeFormat(reader.language, { numeric: 'always' }).format(
        -Math.floor(amount),
        unit,
      );
    }
    amount /= size;
  }
  // Unreachable: the last step has no upper bound.
  return iso;
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/**
 * How long ago a moment was, in the reader's language ("5 minutes ago", "hace 5 minutos",
 * "há 5 minutos"): Intl puts the 'ago' where each language wants it.
 */
export function timeAgo(iso: string, language: string, now: Date = new Date()): string {
  let amount = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of steps) {
    if (amount < size) {
      return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(
        -Math.floor(amount),
        unit,
      );
    }
    amount /= size;
  }
  // Unreachable: the last step has no upper bound.
  return iso;
}

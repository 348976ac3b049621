import { useLanguage } from '../../app/language-provider.tsx';
import { timeAgo } from '../../lib/relative-time.ts';
import { formatMoment } from '../../lib/format.ts';

/** "5 minutes ago" in the reader's language; the exact date and time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  const reader = useLanguage();
  return (
    <time dateTime={iso} title={formatMoment(iso, reader.language)}>
      {timeAgo(iso, reader)}
    </time>
  );
}

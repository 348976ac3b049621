import type { ReactNode } from 'react';
import { useLanguage } from '../../../app/language-provider.tsx';
import { formatDateTime, formatMoment } from '../../../lib/format.ts';

/** The label-and-value grid every tab of the review uses. */
export function Details({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

export function Detail({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

export function FormattedDate({ iso }: { iso: string }) {
  const { language } = useLanguage();
  return (
    <time dateTime={iso} title={formatMoment(iso, language)}>
      {formatDateTime(iso, language)}
    </time>
  );
}

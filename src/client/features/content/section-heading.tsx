import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The eyebrow, title and lead text that open each section of the public pages. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  level = 2,
  align = 'left',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  text?: string;
  level?: 1 | 2;
  align?: 'left' | 'center';
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-xs font-bold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
      <Heading
        id={id}
        className={cn(
          // Phone sizes fit the longest single word of the three languages ('TRANSFORMAMOS') in
          // 360 px; a longer word an agency writes breaks rather than widening the page.
          'mt-3 font-black tracking-tight text-balance wrap-break-word uppercase',
          level === 1 ? 'text-3xl sm:text-6xl' : 'text-3xl sm:text-5xl',
        )}
      >
        {title}
      </Heading>
      {text && <p className="mt-5 text-lg text-pretty text-muted-foreground">{text}</p>}
    </div>
  );
}

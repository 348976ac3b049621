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
          'mt-3 font-black tracking-tight text-balance uppercase',
          level === 1 ? 'text-4xl sm:text-6xl' : 'text-3xl sm:text-5xl',
        )}
      >
        {title}
      </Heading>
      {text && <p className="mt-5 text-lg text-pretty text-muted-foreground">{text}</p>}
    </div>
  );
}

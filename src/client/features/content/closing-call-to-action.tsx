import type { ReactNode } from 'react';
import { PublicApplyLink } from '../../components/layout/public-apply-link.tsx';
import { Reveal } from './reveal.tsx';

/** The last section of the services and about pages: a title, a line, apply and one more link. */
export function ClosingCallToAction({
  title,
  text,
  applyLabel,
  children,
}: {
  title: string;
  text: string;
  applyLabel: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="closing-title"
      className="mx-auto w-full max-w-6xl px-4 py-20 sm:py-28"
    >
      <Reveal className="rounded-3xl border border-accent/40 bg-linear-to-br from-accent/15 via-surface to-surface px-6 py-14 text-center sm:px-12">
        <h2
          id="closing-title"
          className="mx-auto max-w-3xl text-3xl font-black tracking-tight text-balance uppercase sm:text-5xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground">{text}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <PublicApplyLink size="lg">{applyLabel}</PublicApplyLink>
          {children}
        </div>
      </Reveal>
    </section>
  );
}

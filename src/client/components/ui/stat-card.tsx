import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { Card } from './card.tsx';

/** The largest a figure is written, and the smallest it may shrink to before it wraps. */
const largestFigure = '1.875rem';
const smallestFigure = '1.125rem';
/** About how wide one character of a bold figure is, in ems (digits, separators, 'US$'). */
const characterWidth = 0.62;

/**
 * A figure's size so that its text fits the card's width: short figures at full size, long
 * amounts ('US$ 99.999.999,99') smaller, measured against the card itself (a container query
 * unit), so it holds in a one-column phone layout and in four columns alike.
 */
function figureSize(value: ReactNode): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const characters = Math.max(1, String(value).length);
  return `clamp(${smallestFigure}, calc(100cqi / ${(characters * characterWidth).toFixed(2)}), ${largestFigure})`;
}

/** One figure with its label, icon and caption: the stat cards at the top of a screen. */
export function StatCard({
  label,
  value,
  caption,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  caption: ReactNode;
  icon: LucideIcon;
}) {
  return (
    <Card className="@container min-w-0">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <Icon className="size-5 shrink-0 text-accent" aria-hidden="true" />
      </div>
      <p
        className="mt-2 text-3xl leading-tight font-bold tracking-tight tabular-nums [overflow-wrap:anywhere]"
        style={{ fontSize: figureSize(value) }}
      >
        {value}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{caption}</p>
    </Card>
  );
}

/** The row of stat cards: one column on phones, two on tablets, four on wide screens. */
export function StatCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {children}
    </section>
  );
}

/**
 * A figure whose data is still on its way: the cards stand where they will be, so nothing moves
 * down the screen when the figures arrive.
 */
export function PendingFigure() {
  const { t } = useLanguage();
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{t('common.loading')}</span>
    </>
  );
}

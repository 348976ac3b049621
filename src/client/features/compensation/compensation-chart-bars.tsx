import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from './compensation-format.ts';

export interface CompensationChartPoint {
  /** Unique per bar ('2026-3'). */
  key: string;
  /** The axis label ('Mar', 'Mar 26'). */
  label: string;
  /** The month in full ('March 2026'), for the tooltip and the table. */
  fullLabel: string;
  cents: number;
}

/** Whether the reader asked for less motion: the bars then appear without growing. */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The bars themselves (recharts). Kept in a module of its own so the chart library is
 * downloaded only when a compensation screen draws a chart. Hidden from screen readers: the figure around
 * it carries the same figures as a table.
 */
export default function CompensationChartBars({
  points,
  language,
}: {
  points: CompensationChartPoint[];
  language: string;
}) {
  const axisMoney = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const data = points.map((point) => ({ ...point, dollars: point.cents / 100 }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={4}
        />
        <YAxis
          width={56}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          tickFormatter={(value: number) => axisMoney.format(value)}
          allowDecimals={false}
          // Without any compensation the axis still reads in whole hundreds, not $0 to $4.
          domain={[0, (highest: number) => Math.max(highest, 100)]}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-surface)' }}
          contentStyle={{
            background: 'var(--color-background)',
            border: '1px solid var(--color-border)',
            borderRadius: 6,
            color: 'var(--color-foreground)',
          }}
          labelFormatter={(_, payload) => payload[0]?.payload.fullLabel ?? ''}
          formatter={(_, __, item) => [formatCents(item.payload.cents, language), null]}
        />
        <Bar
          dataKey="dollars"
          fill="var(--color-accent)"
          radius={[4, 4, 0, 0]}
          isAnimationActive={!prefersReducedMotion()}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

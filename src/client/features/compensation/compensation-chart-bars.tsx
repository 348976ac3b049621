import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisMoney, axisTicks, formatCents } from './compensation-format.ts';

export interface CompensationChartPoint {
  /** Unique per bar ('2026-3'). */
  key: string;
  /** The axis label ('Mar', 'Mar 26'). */
  label: string;
  /** The month in full ('March 2026'), for the tooltip and the table. */
  fullLabel: string;
  cents: number;
}

const axisFontSize = 12;

/**
 * How wide a text is drawn in the axis's type, so the outer labels get room and are never cut at
 * the chart's edge. Without a canvas (never in a browser) a generous guess per character.
 */
function textWidth(text: string): number {
  const context = typeof document === 'undefined' ? null : measuring();
  if (!context) return text.length * axisFontSize * 0.65;
  return context.measureText(text).width;
}

let measuringContext: CanvasRenderingContext2D | null | undefined;
function measuring(): CanvasRenderingContext2D | null {
  if (measuringContext === undefined) {
    measuringContext = document.createElement('canvas').getContext('2d');
    if (measuringContext) {
      const family = getComputedStyle(document.body).fontFamily;
      measuringContext.font = `${axisFontSize}px ${family}`;
    }
  }
  return measuringContext;
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
  const data = points.map((point) => ({ ...point, dollars: point.cents / 100 }));
  const ticks = axisTicks(Math.max(0, ...data.map((point) => point.dollars)));
  // The first and last month labels are centred under their bars and may be wider than them:
  // the chart keeps half the widest label free at its right edge (the left one has the amounts).
  const edge = Math.ceil(Math.max(0, ...points.map((point) => textWidth(point.label))) / 2);
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart
        data={data}
        // Room above the top gridline for the top amount, which sits centred on it.
        margin={{ top: 12, right: Math.max(8, edge), bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: axisFontSize }}
          interval="preserveStartEnd"
          minTickGap={4}
        />
        <YAxis
          // As wide as its longest amount, which differs by language ("1,5 mil US$", "$1.5K").
          width="auto"
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: axisFontSize }}
          tickFormatter={(value: number) => axisMoney(value, language)}
          // Even steps chosen here, not the library's: its own ended at the highest bar.
          ticks={ticks}
          domain={[0, ticks.at(-1)!]}
          interval={0}
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

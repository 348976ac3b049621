import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
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

const height = 240;
const axisFontSize = 12;
/** Room above the top gridline for the top amount, which sits centred on it. */
const marginTop = 12;
/** The months' row under the bars. */
const xAxisHeight = 30;
/** Between an amount and the chart, and the least gap between two month labels. */
const labelGap = 8;
const minMonthGap = 4;
/** Each bar takes this share of its month's width; the rest is the gap between bars. */
const barShare = 0.8;
const barRadius = 4;

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
 * Which months get a label: the first and the last always, and between them each one that keeps
 * clear of the label before it and of the last.
 */
function shownLabels(centres: number[], widths: number[]): Set<number> {
  const last = centres.length - 1;
  const shown = new Set<number>(last >= 0 ? [0, last] : []);
  let previousRight = centres[0]! + widths[0]! / 2;
  const lastLeft = centres[last]! - widths[last]! / 2;
  for (let index = 1; index < last; index++) {
    const left = centres[index]! - widths[index]! / 2;
    const right = centres[index]! + widths[index]! / 2;
    if (left >= previousRight + minMonthGap && right + minMonthGap <= lastLeft) {
      shown.add(index);
      previousRight = right;
    }
  }
  return shown;
}

/** A bar with its top corners rounded. */
function barPath(x: number, y: number, width: number, barHeight: number): string {
  const radius = Math.min(barRadius, width / 2, barHeight);
  const bottom = y + barHeight;
  return (
    `M${x},${bottom}V${y + radius}Q${x},${y} ${x + radius},${y}` +
    `H${x + width - radius}Q${x + width},${y} ${x + width},${y + radius}V${bottom}Z`
  );
}

/**
 * The bars themselves, drawn as SVG: amounts on the left in even steps, months below, a tooltip
 * with the month in full and its amount under the pointer or finger. Hidden from screen readers:
 * the figure around it carries the same figures as a table (docs/decisions/0024).
 */
export default function CompensationChartBars({
  points,
  language,
}: {
  points: CompensationChartPoint[];
  language: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | undefined>(undefined);
  const [isGrown, setGrown] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // The bars grow in once drawn at their full width, unless the reader asked for less motion.
  const animate = !prefersReducedMotion();
  useEffect(() => {
    if (width === 0 || isGrown) return;
    const frame = requestAnimationFrame(() => setGrown(true));
    return () => cancelAnimationFrame(frame);
  }, [width, isGrown]);

  const dollars = points.map((point) => point.cents / 100);
  const ticks = axisTicks(Math.max(0, ...dollars));
  const top = ticks.at(-1)!;
  const amounts = ticks.map((tick) => axisMoney(tick, language));
  // As wide as its longest amount, which differs by language ("1,5 mil US$", "$1.5K").
  const left = Math.ceil(Math.max(...amounts.map(textWidth))) + labelGap;
  const labelWidths = points.map((point) => textWidth(point.label));
  // The first and last month labels are centred under their bars and may be wider than them:
  // the chart keeps half the widest label free at its right edge (the left one has the amounts).
  const right = Math.max(labelGap, Math.ceil(Math.max(0, ...labelWidths) / 2));
  const plotWidth = Math.max(0, width - left - right);
  const plotHeight = height - marginTop - xAxisHeight;
  const bottom = marginTop + plotHeight;
  const band = points.length > 0 ? plotWidth / points.length : 0;
  const yOf = (value: number) => marginTop + plotHeight - (value / top) * plotHeight;
  const centres = points.map((_, index) => left + band * (index + 0.5));
  const labelled = shownLabels(centres, labelWidths);

  const choose = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((x - left) / band);
    setActive(band > 0 && index >= 0 && index < points.length ? index : undefined);
  };
  const shown = active === undefined ? undefined : points[active];

  return (
    <div ref={box} className="relative h-60 w-full">
      {width > 0 && (
        <svg
          data-chart="bars"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block touch-pan-y select-none"
          onPointerMove={choose}
          onPointerDown={choose}
          // A finger lifted leaves the month it chose shown, as a tap should; a mouse that leaves
          // takes its tooltip with it.
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setActive(undefined);
          }}
        >
          <g stroke="var(--color-border)">
            {ticks.map((tick) => (
              <line key={tick} x1={left} x2={left + plotWidth} y1={yOf(tick)} y2={yOf(tick)} />
            ))}
          </g>
          <g
            data-axis="y"
            fill="var(--color-muted-foreground)"
            fontSize={axisFontSize}
            textAnchor="end"
          >
            {ticks.map((tick, index) => (
              <text key={tick} x={left - labelGap} y={yOf(tick)} dy="0.355em" data-axis-label>
                {amounts[index]}
              </text>
            ))}
          </g>
          {shown && (
            <rect
              x={left + band * active!}
              y={marginTop}
              width={band}
              height={plotHeight}
              fill="var(--color-surface)"
            />
          )}
          <g fill="var(--color-accent)">
            {points.map((point, index) => {
              const barWidth = band * barShare;
              const y = yOf(dollars[index]!);
              // A month without pay has no bar, not a bar of no height.
              if (point.cents <= 0) return null;
              return (
                <path
                  key={point.key}
                  data-bar
                  d={barPath(centres[index]! - barWidth / 2, y, barWidth, bottom - y)}
                  style={
                    animate
                      ? {
                          transformBox: 'fill-box',
                          transformOrigin: 'bottom',
                          transform: isGrown ? 'scaleY(1)' : 'scaleY(0)',
                          transition: 'transform 600ms ease-out',
                        }
                      : undefined
                  }
                />
              );
            })}
          </g>
          <line
            x1={left}
            x2={left + plotWidth}
            y1={bottom}
            y2={bottom}
            stroke="var(--color-border)"
          />
          <g
            data-axis="x"
            fill="var(--color-muted-foreground)"
            fontSize={axisFontSize}
            textAnchor="middle"
          >
            {points.map((point, index) =>
              labelled.has(index) ? (
                <text key={point.key} x={centres[index]} y={bottom + 8} dy="0.71em" data-axis-label>
                  {point.label}
                </text>
              ) : null,
            )}
          </g>
        </svg>
      )}
      {shown && (
        <div
          className="pointer-events-none absolute top-0 rounded-md border border-border bg-background px-2.5 py-1.5 text-sm whitespace-nowrap text-foreground shadow"
          style={{
            left: Math.min(Math.max(0, centres[active!]! - 60), Math.max(0, width - 140)),
          }}
        >
          <p>{shown.fullLabel}</p>
          <p className="font-semibold">{formatCents(shown.cents, language)}</p>
        </div>
      )}
    </div>
  );
}

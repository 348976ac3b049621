import { useId } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { Card } from '../../components/ui/card.tsx';
import CompensationChartBars, { type CompensationChartPoint } from './compensation-chart-bars.tsx';
import { formatCents } from './compensation-format.ts';

export type { CompensationChartPoint };

/**
 * A bar chart of compensation per month in a figure: the caption says what it shows and sums it up in
 * words, and a table that screen readers read holds every bar's figure (the bars are hidden
 * from them).
 */
export function CompensationChart({
  title,
  description,
  points,
}: {
  title: string;
  description: string;
  points: CompensationChartPoint[];
}) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const total = points.reduce((sum, point) => sum + point.cents, 0);
  const highest = points.reduce<CompensationChartPoint | undefined>(
    (best, point) => (point.cents > (best?.cents ?? 0) ? point : best),
    undefined,
  );
  const summary = highest
    ? t('compensation.chart.summary', {
        total: formatCents(total, language),
        highest: formatCents(highest.cents, language),
        month: highest.fullLabel,
      })
    : t('compensation.chart.empty');

  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <figure className="mt-4 grid gap-3">
          <div aria-hidden="true" className="h-60 min-w-0">
            <CompensationChartBars points={points} language={language} />
          </div>
          <figcaption className="text-sm text-muted-foreground">
            {description} {summary}
          </figcaption>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('compensation.field.month')}</th>
                <th scope="col">{t('compensation.field.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row">{point.fullLabel}</th>
                  <td>{formatCents(point.cents, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      </section>
    </Card>
  );
}

import { Award, CalendarDays, Download, Hash, TrendingUp, Wallet } from 'lucide-react';
import {
  byNewestPeriod,
  compensationFigures,
  yearTotals,
  type Compensation,
  type CompensationFigures,
} from '../../../domain/compensation.ts';
import { decimalToCents } from '../../../domain/money.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageMain, QueryState } from '../../components/layout/page.tsx';
import { ScreenHeader } from '../../components/layout/screen-header.tsx';
import { StatusBadge } from '../../components/list/status-badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { formatMoment, formatMoney } from '../../lib/format.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import { myCompensationsCsvUrl } from './api/export-compensations.ts';
import { useMyCompensations } from './api/get-my-compensations.ts';
import { CompensationChart, type CompensationChartPoint } from './compensation-chart.tsx';
import {
  formatCents,
  lastTwelveMonths,
  periodLabel,
  shortPeriodLabel,
} from './compensation-format.ts';
import { useChosenYear, YearBreakdown, YearFilter } from './compensation-years.tsx';

/** The creator's own published compensation (docs/product.md, "My Compensation"). */
export function CompensationPage() {
  const { t } = useLanguage();
  const compensations = useMyCompensations();
  const years = yearTotals(compensations.data ?? []);
  // The year in the address: the page's parts and the download all follow it.
  const [year, setYear] = useChosenYear(years.map((option) => option.year));
  return (
    <PageMain>
      <ScreenHeader
        page="compensation"
        action={
          compensations.data?.length ? (
            <a
              href={myCompensationsCsvUrl(year)}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" />
              {t('compensation.mine.download')}
            </a>
          ) : undefined
        }
      />
      <QueryState query={compensations}>
        {(entries) => (
          <MyCompensation entries={entries} years={years} year={year} onYearChange={setYear} />
        )}
      </QueryState>
    </PageMain>
  );
}

function MyCompensation({
  entries,
  years,
  year,
  onYearChange,
}: {
  entries: Compensation[];
  years: ReturnType<typeof yearTotals>;
  year: number | undefined;
  onYearChange: (year: number | undefined) => void;
}) {
  const { t } = useLanguage();
  const now = new Date();
  const figures = compensationFigures(entries, now);
  const shown = entries
    .filter((entry) => year === undefined || entry.year === year)
    .sort(byNewestPeriod);

  return (
    <>
      <MyFigures figures={figures} now={now} />

      {entries.length === 0 ? (
        <Card className="grid justify-items-center gap-2 border-dashed py-12 text-center">
          <Wallet className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-semibold">{t('compensation.mine.empty')}</h2>
          <p className="max-w-md text-muted-foreground">{t('compensation.mine.emptyHint')}</p>
        </Card>
      ) : (
        <>
          {years.length > 1 && (
            <YearFilter
              years={years}
              totalCents={figures.totalCents}
              year={year}
              onChange={onYearChange}
            />
          )}
          {year !== undefined && <YearBreakdown entries={entries} year={year} />}
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <EarningsChart entries={entries} year={year} now={now} />
            </div>
            <PerformanceInsights figures={compensationFigures(shown, now)} />
          </div>
          <PaymentHistory entries={shown} />
        </>
      )}
    </>
  );
}

/** Total Earnings, This Year, Last 6 Months and Total Payments. */
function MyFigures({ figures, now }: { figures: CompensationFigures; now: Date }) {
  const { t, language } = useLanguage();
  return (
    <StatCards label={t('compensation.figures')}>
      <StatCard
        label={t('compensation.mine.totalEarnings')}
        value={formatCents(figures.totalCents, language)}
        caption={t('compensation.mine.totalEarningsCaption')}
        icon={Wallet}
      />
      <StatCard
        label={t('compensation.mine.thisYear')}
        value={formatCents(figures.thisYearCents, language)}
        caption={String(now.getFullYear())}
        icon={CalendarDays}
      />
      <StatCard
        label={t('compensation.mine.lastSixMonths')}
        value={formatCents(figures.lastSixMonthsCents, language)}
        caption={t('compensation.mine.lastSixMonthsCaption', {
          since: periodLabel(lastTwelveMonths(now)[5]!, language),
        })}
        icon={TrendingUp}
      />
      <StatCard
        label={t('compensation.mine.totalPayments')}
        value={figures.count}
        caption={t('compensation.mine.totalPaymentsCaption')}
        icon={Hash}
      />
    </StatCards>
  );
}

/** The chosen year's twelve months, or with all years the last twelve months. */
function EarningsChart({
  entries,
  year,
  now,
}: {
  entries: Compensation[];
  year: number | undefined;
  now: Date;
}) {
  const { t, language } = useLanguage();
  const periods =
    year === undefined
      ? lastTwelveMonths(now)
      : Array.from({ length: 12 }, (_, index) => ({ year, month: index + 1 }));
  const crossesYears = periods[0]!.year !== periods[11]!.year;
  const points: CompensationChartPoint[] = periods.map((period) => ({
    key: `${period.year}-${period.month}`,
    label: shortPeriodLabel(period, language, crossesYears),
    fullLabel: periodLabel(period, language),
    cents: entries
      .filter((entry) => entry.year === period.year && entry.month === period.month)
      .reduce((sum, entry) => sum + (decimalToCents(entry.amount) ?? 0), 0),
  }));
  return (
    <CompensationChart
      title={t('compensation.mine.chartTitle')}
      description={
        year === undefined
          ? t('compensation.mine.chartDescriptionRecent')
          : t('compensation.mine.chartDescriptionYear', { year })
      }
      points={points}
    />
  );
}

function PerformanceInsights({ figures }: { figures: CompensationFigures }) {
  const { t, language } = useLanguage();
  return (
    <Card className="grid min-w-0 content-start gap-4">
      <section aria-labelledby="performance-insights" className="grid gap-4">
        <h2 id="performance-insights" className="text-lg font-semibold">
          {t('compensation.insights.title')}
        </h2>
        <dl className="grid gap-4">
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">{t('compensation.insights.average')}</dt>
            <dd className="text-xl font-bold break-words tabular-nums">
              {formatCents(figures.averageCents, language)}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">{t('compensation.insights.highest')}</dt>
            <dd className="text-xl font-bold break-words tabular-nums">
              {formatCents(figures.highestCents, language)}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{t('compensation.insights.label')}</dt>
            <dd className="flex items-start gap-2">
              <Award className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <span>
                <span className="block font-semibold">
                  {t(`compensation.insights.${figures.label}`)}
                </span>
                <span className="block text-sm text-muted-foreground">
                  {t(`compensation.insights.${figures.label}Hint`)}
                </span>
              </span>
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}

function PaymentHistory({ entries }: { entries: Compensation[] }) {
  const { t, language } = useLanguage();
  return (
    <section aria-labelledby="payment-history" className="grid gap-4">
      <h2 id="payment-history" className="text-lg font-semibold">
        {t('compensation.mine.history')}
      </h2>
      <ul className="grid gap-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">{periodLabel(entry, language)}</h3>
                  <StatusBadge tone="green">{t('compensation.mine.paid')}</StatusBadge>
                </div>
                {entry.publishedAt && (
                  <time
                    dateTime={entry.publishedAt}
                    title={formatMoment(entry.publishedAt, language)}
                    className="text-sm text-muted-foreground"
                  >
                    {t('compensation.mine.received', {
                      time: timeAgo(entry.publishedAt, { t, language }),
                    })}
                  </time>
                )}
                {entry.notes && (
                  <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
                    {entry.notes}
                  </p>
                )}
              </div>
              <p className="text-xl font-bold break-words tabular-nums">
                {formatMoney(entry.amount, language)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

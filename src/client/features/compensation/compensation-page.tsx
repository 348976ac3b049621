import { Award, CalendarDays, Download, Hash, TrendingUp, Wallet } from 'lucide-react';
import { useId } from 'react';
import {
  byNewestPeriod,
  payFigures,
  yearBreakdown,
  yearTotals,
  type Compensation,
} from '../../../domain/compensation.ts';
import { decimalToCents } from '../../../domain/money.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader, PageMain, QueryState } from '../../components/layout/page.tsx';
import { StatusBadge } from '../../components/list/status-badge.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/input.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { formatMoney } from '../../lib/format.ts';
import { timeAgo } from '../../lib/relative-time.ts';
import { myCompensationsCsvUrl } from './api/export-compensations.ts';
import { useMyCompensations } from './api/get-my-compensations.ts';
import { PayChart, type PayChartPoint } from './pay-chart.tsx';
import {
  formatCents,
  lastTwelveMonths,
  monthName,
  periodLabel,
  shortPeriodLabel,
} from './pay-format.ts';

/** The creator's own published pay (spec section 2, Influencer compensation). */
export function CompensationPage() {
  const { t } = useLanguage();
  const compensations = useMyCompensations();
  return (
    <PageMain>
      <PageHeader
        title={t('page.compensation')}
        subtitle={t('compensation.mine.subtitle')}
        action={
          compensations.data?.length ? (
            <a
              href={myCompensationsCsvUrl}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" />
              {t('compensation.mine.download')}
            </a>
          ) : undefined
        }
      />
      <QueryState query={compensations}>{(entries) => <MyPay entries={entries} />}</QueryState>
    </PageMain>
  );
}

/** The year in the address (`?year=2025`), if it is one of the years with pay. */
function useChosenYear(years: number[]) {
  const { filters, setFilters } = useListParams(['year']);
  const asked = Number(filters.year);
  const year = years.includes(asked) ? asked : undefined;
  const setYear = (next: number | undefined) => setFilters({ year: next?.toString() });
  return [year, setYear] as const;
}

function MyPay({ entries }: { entries: Compensation[] }) {
  const { t, language } = useLanguage();
  const now = new Date();
  const figures = payFigures(entries, now);
  const years = yearTotals(entries);
  const [year, setYear] = useChosenYear(years.map((option) => option.year));
  const shown = entries
    .filter((entry) => year === undefined || entry.year === year)
    .sort(byNewestPeriod);

  return (
    <>
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
              onChange={setYear}
            />
          )}
          {year !== undefined && <YearBreakdown entries={entries} year={year} />}
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <EarningsChart entries={entries} year={year} now={now} />
            </div>
            <PerformanceInsights figures={figures} />
          </div>
          <PaymentHistory entries={shown} />
        </>
      )}
    </>
  );
}

function YearFilter({
  years,
  totalCents,
  year,
  onChange,
}: {
  years: ReturnType<typeof yearTotals>;
  totalCents: number;
  year: number | undefined;
  onChange: (year: number | undefined) => void;
}) {
  const { t, language } = useLanguage();
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:w-80">
      <label htmlFor={id} className="text-sm font-medium">
        {t('compensation.year.label')}
      </label>
      <Select
        id={id}
        value={year ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">
          {t('compensation.year.allWithTotal', { total: formatCents(totalCents, language) })}
        </option>
        {years.map((option) => (
          <option key={option.year} value={option.year}>
            {t('compensation.year.option', {
              year: option.year,
              total: formatCents(option.cents, language),
            })}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Each month of the chosen year, its pay or 'No payment', and the Year Total. */
function YearBreakdown({ entries, year }: { entries: Compensation[]; year: number }) {
  const { t, language } = useLanguage();
  const { months, totalCents } = yearBreakdown(entries, year);
  return (
    <Card className="min-w-0">
      <table className="w-full text-sm">
        <caption className="mb-3 text-left text-lg font-semibold">
          {t('compensation.breakdown.title', { year })}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('compensation.field.month')}</th>
            <th scope="col">{t('compensation.field.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {months.map(({ month, cents }) => (
            <tr key={month}>
              <th scope="row" className="py-2 pr-3 text-left font-normal capitalize">
                {monthName(month, language)}
              </th>
              <td className="py-2 text-right tabular-nums break-words">
                {cents === null ? (
                  <span className="text-muted-foreground">
                    {t('compensation.breakdown.noPayment')}
                  </span>
                ) : (
                  formatCents(cents, language)
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border">
            <th scope="row" className="pt-3 pr-3 text-left font-semibold">
              {t('compensation.breakdown.yearTotal')}
            </th>
            <td className="pt-3 text-right font-bold tabular-nums break-words">
              {formatCents(totalCents, language)}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
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
  const points: PayChartPoint[] = periods.map((period) => ({
    key: `${period.year}-${period.month}`,
    label: shortPeriodLabel(period, language, crossesYears),
    fullLabel: periodLabel(period, language),
    cents: entries
      .filter((entry) => entry.year === period.year && entry.month === period.month)
      .reduce((sum, entry) => sum + (decimalToCents(entry.amount) ?? 0), 0),
  }));
  return (
    <PayChart
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

function PerformanceInsights({ figures }: { figures: ReturnType<typeof payFigures> }) {
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
                    title={new Date(entry.publishedAt).toLocaleString(language)}
                    className="text-sm text-muted-foreground"
                  >
                    {t('compensation.mine.received', {
                      time: timeAgo(entry.publishedAt, language),
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

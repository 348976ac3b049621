import { BadgeDollarSign, Banknote, UserCheck, Users } from 'lucide-react';
import {
  influencerFilters,
  influencerSorts,
  type InfluencerList,
} from '../../../domain/compensation.ts';
import { decimalToCents } from '../../../domain/money.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader, PageMain } from '../../components/layout/page.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { Select } from '../../components/ui/input.tsx';
import { StatCard, StatCards } from '../../components/ui/stat-card.tsx';
import { formatMoney } from '../../lib/format.ts';
import { AdminExportCsv } from './admin-export-csv.tsx';
import { useInfluencers } from './api/get-influencers.ts';
import { influencerListParamNames, readInfluencerParams } from './influencer-filters.ts';
import { InfluencerRow } from './influencer-row.tsx';
import { PayChart } from './pay-chart.tsx';
import { periodLabel, shortPeriodLabel } from './pay-format.ts';

/** The influencers overview (spec section 2, Admin influencers), paged and counted on the server. */
export function AdminInfluencersPage() {
  const { t } = useLanguage();
  const { page, q, filters, setPage, setFilters } = useListParams(influencerListParamNames);
  const { filter, sort } = readInfluencerParams(filters);
  const influencers = useInfluencers({ page, q, filter, sort });
  const data = influencers.data;

  return (
    <PageMain>
      <PageHeader
        title={t('page.adminInfluencers')}
        subtitle={t('compensation.influencers.subtitle')}
        action={<AdminExportCsv />}
      />
      {data && <InfluencerTotals totals={data.totals} />}

      <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
        <SearchBox
          label={t('compensation.influencers.search')}
          placeholder={t('compensation.influencers.searchPlaceholder')}
        />
        <Select
          value={filter}
          aria-label={t('compensation.influencers.filterLabel')}
          onChange={(event) => {
            const next = readInfluencerParams({ filter: event.target.value }).filter;
            setFilters({ filter: next === 'all' ? undefined : next });
          }}
        >
          {influencerFilters.map((option) => (
            <option key={option} value={option}>
              {t(`compensation.influencers.filter.${option}`)}
            </option>
          ))}
        </Select>
        <Select
          value={sort}
          aria-label={t('compensation.influencers.sortLabel')}
          onChange={(event) => {
            const next = readInfluencerParams({ sort: event.target.value }).sort;
            setFilters({ sort: next === 'name' ? undefined : next });
          }}
        >
          {influencerSorts.map((option) => (
            <option key={option} value={option}>
              {t(`compensation.influencers.sort.${option}`)}
            </option>
          ))}
        </Select>
      </div>
      {data && (
        <p className="text-sm text-muted-foreground">
          {t('compensation.influencers.showing', {
            count: data.total,
            total: data.totals.totalInfluencers,
          })}
        </p>
      )}

      <PagedList
        query={influencers}
        label={t('compensation.influencers.listLabel')}
        noun={t('compensation.influencers.noun')}
        empty={
          <h2 className="font-semibold text-foreground">{t('compensation.influencers.empty')}</h2>
        }
        onPageChange={setPage}
        className="md:grid-cols-2 xl:grid-cols-3"
      >
        {(influencer) => <InfluencerRow influencer={influencer} />}
      </PagedList>

      {data && <MonthlyPayoutsChart monthlyPayouts={data.monthlyPayouts} />}
    </PageMain>
  );
}

function InfluencerTotals({ totals }: { totals: InfluencerList['totals'] }) {
  const { t, language } = useLanguage();
  return (
    <StatCards label={t('compensation.figures')}>
      <StatCard
        label={t('compensation.influencers.totalInfluencers')}
        value={totals.totalInfluencers}
        caption={t('compensation.influencers.totalInfluencersCaption')}
        icon={Users}
      />
      <StatCard
        label={t('compensation.influencers.activeThisMonth')}
        value={totals.activeThisMonth}
        caption={t('compensation.influencers.activeThisMonthCaption')}
        icon={UserCheck}
      />
      <StatCard
        label={t('compensation.influencers.withEarnings')}
        value={totals.withEarnings}
        caption={t('compensation.influencers.withEarningsCaption')}
        icon={BadgeDollarSign}
      />
      <StatCard
        label={t('compensation.influencers.totalPayouts')}
        value={formatMoney(totals.totalPayouts, language)}
        caption={t('compensation.influencers.totalPayoutsCaption')}
        icon={Banknote}
      />
    </StatCards>
  );
}

/**
 * Published pay in each of the last 12 months, as the server counts them (by its clock, in UTC,
 * every month present): the browser's own calendar could be a month off near a month's end.
 */
function MonthlyPayoutsChart({
  monthlyPayouts,
}: {
  monthlyPayouts: InfluencerList['monthlyPayouts'];
}) {
  const { t, language } = useLanguage();
  const crossesYears = monthlyPayouts[0]?.year !== monthlyPayouts.at(-1)?.year;
  const points = monthlyPayouts.map((period) => ({
    key: `${period.year}-${period.month}`,
    label: shortPeriodLabel(period, language, crossesYears),
    fullLabel: periodLabel(period, language),
    cents: decimalToCents(period.amount) ?? 0,
  }));
  return (
    <PayChart
      title={t('compensation.influencers.chartTitle')}
      description={t('compensation.influencers.chartDescription')}
      points={points}
    />
  );
}
